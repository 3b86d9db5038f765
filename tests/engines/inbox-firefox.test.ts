import { describeInbox } from './support/inbox-checks.ts';
import { FIREFOX, launchFirefox } from './support/firefox.ts';
import { skipReason } from '../support/skip.ts';

describeInbox('The inbox in Firefox ESR', launchFirefox, skipReason('SKIP_FIREFOX', [FIREFOX]));
