import { alertsCopy } from './alerts-copy';

/** Browsers by what their user agent says, most specific first (Edge and Opera also say Chrome). */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A device's short readable name for the list of devices, like "Chrome on
 * Android", from its user agent. An iPad asks for the desktop site and says
 * Macintosh: touch points tell it apart.
 */
export function browserName(userAgent: string, maxTouchPoints = 0): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  let system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (system === 'Mac' && maxTouchPoints > 1) system = 'iPad';
  return alertsCopy.browserName(
    browser ?? alertsCopy.unknownBrowser,
    system ?? alertsCopy.unknownSystem,
  );
}
