import { asTyped } from '../../../shared/as-typed';
import { leadUrl } from '../../../shared/paths';
import { pushKind, type PushKind, type PushPayloadFields } from '../../../shared/push-payload';
import { INBOX_ICONS, INBOX_SCOPE } from '../../config/inbox-app';
import { alertsCopy } from './alerts-copy';
import type { AlertOptions } from '../sw/sw-types';

/**
 * What a push says (the contract in docs/alerts.md: the server writes it,
 * encrypted to this device), and the notification the worker shows for it.
 * A lead's pushes share the tag lead-<id>, so "taken" replaces the alert it
 * follows; the count of leads waiting has the tag "waiting"; a member's test
 * alert, about no lead, has the tag "test".
 */
export interface AlertData {
  kind: PushKind | 'unknown';
  /** Where "Open" or a tap goes: always inside the inbox. */
  url: string;
  leadId?: number;
  name?: string;
  reference?: string;
  /** For "I'm on it" from the notification: proves this member was alerted to this lead. */
  takeToken?: string;
}

export const OPEN_ACTION = 'open';
export const TAKE_ACTION = 'take';

const copy = alertsCopy.notification;
/** Lock screens truncate long lines anyway; a payload is never trusted to be short. */
const MAX_TEXT = 200;

/**
 * Words from the payload as a person reads them: as typed (shared/as-typed.ts,
 * the inbox's and the emails' rule), so a name cannot reverse the title it is in.
 */
function text(value: unknown): string | undefined {
  const shown = typeof value === 'string' ? asTyped(value).trim().slice(0, MAX_TEXT) : '';
  return shown || undefined;
}

/** A URL from the payload, kept only if it stays in the inbox on this origin. */
function inboxUrl(value: unknown, origin: string): string {
  try {
    const url = new URL(typeof value === 'string' ? value : INBOX_SCOPE, origin);
    if (url.origin === origin && url.pathname.startsWith(INBOX_SCOPE)) return url.href;
  } catch {
    // Not a URL: the inbox's own address below.
  }
  return new URL(INBOX_SCOPE, origin).href;
}

/** The notification for a push; a payload that cannot be read still shows one (iOS insists). */
export function alertFor(
  payload: unknown,
  origin: string,
): { title: string; options: AlertOptions } {
  const p = (payload && typeof payload === 'object' ? payload : {}) as PushPayloadFields;
  const kind = pushKind(p.kind);
  const leadId = Number.isSafeInteger(p.leadId) && (p.leadId as number) > 0 ? p.leadId : undefined;
  // A lead's alert opens the lead by the inbox's own fragment (src/inbox/lead-hash.ts),
  // whatever spelling the payload's url has; the others keep to the inbox.
  const url = leadId ? new URL(leadUrl(leadId as number), origin).href : inboxUrl(p.url, origin);
  const data: AlertData = {
    kind: kind ?? 'unknown',
    url,
    leadId: leadId as number | undefined,
    name: text(p.name),
    reference: text(p.reference),
    takeToken: typeof p.takeToken === 'string' ? p.takeToken : undefined,
  };
  const base: AlertOptions = {
    body: text(p.body) ?? copy.fallbackBody,
    icon: INBOX_ICONS.any192,
    badge: INBOX_ICONS.badge,
    lang: 'en-GB',
    data,
  };
  const open = { action: OPEN_ACTION, title: copy.open };
  const title = text(p.title) ?? copy.fallbackTitle;

  if ((kind === 'lead' || kind === 'escalation') && leadId) {
    const actions = data.takeToken ? [open, { action: TAKE_ACTION, title: copy.take }] : [open];
    return {
      title,
      // An escalation (nobody has seen it yet) stays on screen until someone acts on it.
      options: {
        ...base,
        tag: `lead-${leadId}`,
        renotify: true,
        requireInteraction: kind === 'escalation',
        actions,
      },
    };
  }
  if (kind === 'taken' && leadId) {
    const who = text(p.takenBy);
    const body = text(p.body) ?? (who ? copy.takenBy(who) : copy.fallbackBody);
    // Replaces the lead's alert quietly: news, not a second buzz.
    return {
      title,
      options: { ...base, body, tag: `lead-${leadId}`, silent: true, actions: [open] },
    };
  }
  if (kind === 'waiting') {
    return { title, options: { ...base, tag: 'waiting', renotify: true, actions: [open] } };
  }
  if (kind === 'test') {
    // Whatever the payload says, a test names no lead and offers no "I'm on it".
    return {
      title,
      options: {
        ...base,
        data: { kind, url: inboxUrl(p.url, origin) },
        tag: 'test',
        renotify: true,
        actions: [open],
      },
    };
  }
  return {
    title: copy.fallbackTitle,
    options: { ...base, body: copy.fallbackBody, actions: [open] },
  };
}

/** What replaces the alert once "I'm on it" from the notification has gone through, or has not. */
export function takenAlert(data: AlertData, ok: boolean): { title: string; options: AlertOptions } {
  // The notification's data came from a payload and back through the browser: read as one is.
  const name = text(data.name);
  const reference = text(data.reference);
  const options: AlertOptions = {
    icon: INBOX_ICONS.any192,
    badge: INBOX_ICONS.badge,
    lang: 'en-GB',
    tag: data.leadId ? `lead-${data.leadId}` : undefined,
    silent: true,
    data: { ...data, name, reference, takeToken: ok ? undefined : data.takeToken },
    actions: [{ action: OPEN_ACTION, title: copy.open }],
  };
  if (!ok)
    return { title: copy.takeFailedTitle, options: { ...options, body: copy.takeFailedBody } };
  return { title: copy.takenTitle(name), options: { ...options, body: copy.takenBody(reference) } };
}
