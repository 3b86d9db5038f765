/** This project's server takes a native form POST at this path (server/native-form/plugin.ts). */
export const NATIVE_FORM_PATH = '/contact';

/** The confirmation page's URL, the target of the 303 after a stored native-form submission. */
export const SENT_PATH = '/contact/sent/';
