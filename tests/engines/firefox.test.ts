import { describeEngine } from './support/visitor-checks.ts';
import { FIREFOX, launchFirefox } from './support/firefox.ts';
import { skipReason } from '../support/skip.ts';

describeEngine(
  'Firefox ESR (WebDriver BiDi)',
  launchFirefox,
  skipReason('SKIP_FIREFOX', [FIREFOX]),
);
