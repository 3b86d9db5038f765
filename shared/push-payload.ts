/**
 * What a push says, encrypted to a member's device (docs/alerts.md): the server builds it
 * (server/leads/push/push-message.ts) and the service worker reads it
 * (src/inbox/alerts/alert-payload.ts), each against this one type.
 */
const PUSH_KINDS = ['lead', 'escalation', 'taken', 'waiting', 'test'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export type PushPayload =
  | {
      kind: 'lead' | 'escalation';
      leadId: number;
      reference: string;
      name: string;
      replyBy: string;
      title: string;
      body: string;
      url: string;
      takeToken: string;
    }
  | { kind: 'taken'; leadId: number; takenBy: string; title: string; body: string; url: string }
  | { kind: 'waiting'; count: number; title: string; body: string; url: string }
  | { kind: 'test'; title: string; body: string; url: string };

/** Any field a payload of some kind may carry: what a reader checks one by one, trusting none. */
type AnyField<T> = T extends unknown ? keyof T : never;
export type PushPayloadFields = Partial<Record<AnyField<PushPayload>, unknown>>;

/** A kind this code knows, or null for anything else. */
export function pushKind(value: unknown): PushKind | null {
  return PUSH_KINDS.find((kind) => kind === value) ?? null;
}
