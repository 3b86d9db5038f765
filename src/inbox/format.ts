/** Times as a member in the UK reads them: "25 Nov 2026, 14:02", in the browser's own zone. */
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
/** A day as a member reads it: "25 Nov 2026". */
export const formatDate = (iso: string) => date.format(new Date(iso));
