/**
 * The contact the push services are given (the VAPID subject, RFC 8292): mailto: the agency's
 * address, else the site when it is https; none, and alerts are off. One rule for the server and
 * `npm run doctor`, so the doctor never says off where the server says on.
 */
export function pushContact(settings: {
  notifyEmail?: string;
  siteUrl?: string;
}): string | undefined {
  if (settings.notifyEmail) return `mailto:${settings.notifyEmail}`;
  return settings.siteUrl?.startsWith('https://') ? settings.siteUrl : undefined;
}
