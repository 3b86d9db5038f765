import { describeEngine } from './support/visitor-checks.ts';
import { launchWebKit, WEBKIT_DRIVER, XVFB } from './support/webkit.ts';
import { skipReason } from '../support/skip.ts';

describeEngine(
  'WebKitGTK (WebDriver, under Xvfb)',
  launchWebKit,
  skipReason('SKIP_WEBKIT', [WEBKIT_DRIVER, XVFB]),
);
