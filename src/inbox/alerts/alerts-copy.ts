/**
 * Every word of the inbox's alerts (docs/alerts.md): the installed
 * app's name, the offline state, the alerts view, "I'm on it" and "Taken by",
 * and what the service worker writes on a notification. The server writes a
 * new lead's title and body (the push payload); these are the rest.
 */
import { takenBy } from '../../../shared/copy/push-alerts.ts';

export const alertsCopy = {
  app: {
    name: (brand: string) => `${brand} inbox`,
    /** Under the icon on a Home Screen, where about 12 characters fit. */
    shortName: 'Leads',
    description: 'New leads, seen and taken, on the agency’s own devices.',
  },

  offline:
    'You’re offline. The inbox shows leads again as soon as the connection is back; alerts still arrive.',

  view: {
    show: 'Alerts',
    heading: 'Alerts on your devices',
    intro:
      'A new lead buzzes every device that has alerts on, within seconds, at any hour (your phone’s own quiet hours still apply). The alert shows the lead’s name and reference, never the message.',
    turnOn: 'Turn on alerts',
    turnOff: 'Turn off alerts',
    on: 'Alerts are on for this device.',
    off: 'Alerts are off for this device.',
    turnedOn: 'Alerts are on for this device',
    turnedOff: 'Alerts are off for this device',
    unsupported:
      'This browser cannot receive alerts. On an iPhone, add the inbox to the Home Screen (iOS 16.4 or later) and open it from there.',
    blocked:
      'Notifications are blocked for this site. Allow them in the browser’s or the phone’s settings, then turn alerts on again.',
    failed: 'Alerts could not be turned on. Check the connection and try again.',
    otherMember:
      'This browser already gets another member’s alerts. They turn alerts off here first.',
    devicesHeading: 'Your devices',
    devicesEmpty: 'No device has alerts on yet.',
    devicesFailed: 'Your devices could not be loaded. Try again shortly.',
    added: (date: string) => `added ${date}`,
    thisDevice: 'this device',
    remove: 'Remove',
    removeLabel: (browser: string, date: string) => `Remove ${browser}, added ${date}`,
    removed: (browser: string) => `${browser} will get no more alerts`,
    removeFailed: 'That device could not be removed. Try again.',
  },

  /** "Send a test alert": one push to each of the member's devices, and each push service's answer. */
  testAlert: {
    send: 'Send a test alert',
    intro: 'Sends one alert to each of your devices with alerts on and says which accepted it.',
    resultsLabel: 'Test alert, device by device',
    accepted: 'accepted',
    waiting: 'waiting',
    refused: (status: number | null) => (status ? `refused (${status})` : 'refused'),
    /** 404 or 410: the subscription has ended, and the device was removed from the list. */
    gone: (status: number | null) => `refused (${status ?? 410}): removed from your devices`,
    tooSoon: 'One test alert every 10 seconds. Try again shortly.',
    failed: 'The test alert could not be sent. Check the connection and try again.',
  },

  take: {
    button: 'I’m on it',
    /** True whether or not another member has alerts on: none is told anything untrue. */
    done: 'You’re on it: any alert the others have for this lead now says so',
    failed: 'That did not go through. Try again.',
    alreadyTaken: 'Someone else took it first.',
    takenBy,
  },

  /** What a browser is called in the list of devices (src/inbox/alerts/browser-name.ts). */
  browserName: (browser: string, system: string) => `${browser} on ${system}`,
  unknownBrowser: 'A browser',
  unknownSystem: 'this device',

  /** Written by the service worker on the phone (src/inbox/sw/). */
  notification: {
    open: 'Open',
    take: 'I’m on it',
    /** When a push carries no readable payload: iOS ends a subscription whose push shows nothing. */
    fallbackTitle: 'New activity in the inbox',
    fallbackBody: 'Open the inbox to see it.',
    takenTitle: (name?: string) => (name ? `You’re on it: ${name}` : 'You’re on it'),
    takenBody: (reference?: string) =>
      `${reference ? `${reference} is yours. ` : ''}Any alert the others have for it now says so.`,
    takeFailedTitle: 'That did not go through',
    takeFailedBody: 'Open the lead to take it.',
    takenBy,
  },
} as const;
