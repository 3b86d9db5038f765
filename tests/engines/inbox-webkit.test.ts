import { describeInbox } from './support/inbox-checks.ts';
import { launchWebKit, WEBKIT_DRIVER, XVFB } from './support/webkit.ts';
import { skipReason } from '../support/skip.ts';

describeInbox(
  'The inbox in WebKitGTK',
  launchWebKit,
  skipReason('SKIP_WEBKIT', [WEBKIT_DRIVER, XVFB]),
);
