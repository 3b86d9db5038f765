/**
 * Phoenix Channels' messages as supabase-js's realtime client speaks them:
 * vsn 1.0.0 sends each as a JSON object, 2.0.0 (its default) as a JSON array
 * [join_ref, ref, topic, event, payload]. Only text frames: 2.0.0's binary
 * frames carry broadcasts, which this server does not serve.
 */
export type Vsn = '1.0.0' | '2.0.0';
export const VSNS: readonly Vsn[] = ['1.0.0', '2.0.0'];

export interface Message {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  ref: string | null;
  join_ref: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isRef = (value: unknown): value is string | null | undefined =>
  value === null || value === undefined || typeof value === 'string';

/** A client's frame, or undefined when it is not a Phoenix message of this vsn. */
export function parseFrame(text: string, vsn: Vsn): Message | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  let fields: unknown[];
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) return undefined;
    fields = parsed;
  } else {
    if (!isObject(parsed)) return undefined;
    fields = [parsed.join_ref, parsed.ref, parsed.topic, parsed.event, parsed.payload];
  }
  const [joinRef, ref, topic, event, payload] = fields;
  if (typeof topic !== 'string' || typeof event !== 'string' || !isObject(payload)) {
    return undefined;
  }
  if (!isRef(joinRef) || !isRef(ref)) return undefined;
  return { topic, event, payload, ref: ref ?? null, join_ref: joinRef ?? null };
}

export function encodeFrame(message: Message, vsn: Vsn): string {
  const { join_ref, ref, topic, event, payload } = message;
  return JSON.stringify(
    vsn === '2.0.0'
      ? [join_ref, ref, topic, event, payload]
      : { join_ref, ref, topic, event, payload },
  );
}

/** Phoenix's answer to a message that carried a ref. */
export const reply = (
  to: Message,
  status: 'ok' | 'error',
  response: Record<string, unknown>,
): Message => ({
  topic: to.topic,
  event: 'phx_reply',
  payload: { status, response },
  ref: to.ref,
  join_ref: to.join_ref,
});

/**
 * Supabase Realtime's notice on a joined channel (`system`): the
 * postgres_changes subscription's outcome, or why the channel is shut.
 */
export const system = (
  topic: string,
  joinRef: string | null,
  extension: 'postgres_changes' | 'system',
  status: 'ok' | 'error',
  message: string,
): Message => ({
  topic,
  event: 'system',
  payload: { extension, status, message, channel: topic.slice('realtime:'.length) },
  ref: null,
  join_ref: joinRef,
});

/** Phoenix's notice that a channel has ended (left, duplicated or shut), carrying its join's ref. */
export const closed = (topic: string, joinRef: string | null): Message => ({
  topic,
  event: 'phx_close',
  payload: {},
  ref: joinRef,
  join_ref: joinRef,
});
