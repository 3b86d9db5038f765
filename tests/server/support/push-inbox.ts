import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { addMembers } from '../../../server/auth/members.ts';
import type { BackendKind } from '../../support/backend-kind.ts';
import {
  LocalPushService,
  type PushDevice,
  type ReceivedPush,
} from '../../support/push-service.ts';
import { until } from '../../support/until.ts';
import { OWNER, signIn, startInboxServer, type InboxServer } from './inbox.ts';
import type { StartOptions } from '../../../server/start.ts';

export const PARTNER = 'partner@example.co.uk';
/** A lead's push is due within 10 s of the insert (docs/alerts.md); the test allows no more. */
export const PUSH_WITHIN_MS = 10_000;
/** Longer than any test here: only the wake-up (LISTEN, or in process) can meet PUSH_WITHIN_MS. */
const NO_POLL_MS = 10 * 60_000;

export interface PushInbox {
  inbox: InboxServer;
  service: LocalPushService;
  owner: SupabaseClient;
  partner: SupabaseClient;
  close(): Promise<void>;
}

/** The local push service, and an inbox server pushing to it, with two members signed in. */
export async function startPushInbox(
  kind: BackendKind,
  options: Partial<StartOptions> = {},
): Promise<PushInbox> {
  const service = await LocalPushService.start();
  const inbox = await startInboxServer(kind, {
    webPushHosts: [service.host],
    pushCa: service.ca,
    pushPollMs: NO_POLL_MS,
    ...options,
  });
  await addMembers(inbox.server.database, [PARTNER]);
  return {
    inbox,
    service,
    owner: await signedIn(inbox, OWNER),
    partner: await signedIn(inbox, PARTNER),
    async close() {
      await inbox.close();
      await service.close();
    },
  };
}

/** A client of the inbox, signed in as `email` with the emailed code. */
export async function signedIn(inbox: InboxServer, email: string): Promise<SupabaseClient> {
  const client = inbox.client();
  await signIn(client, inbox.sink, email);
  return client;
}

/**
 * Turns alerts on for a new device on the local push service, as the inbox's
 * button does: subscribes with the server's VAPID key, then registers the device.
 */
export async function addDevice(
  client: SupabaseClient,
  service: LocalPushService,
  browser = 'Chrome on Android',
) {
  const key = await client.rpc('inbox_push_key');
  expect(key.error).toBeNull();
  const device: PushDevice = service.subscribe(String(key.data));
  const { data, error } = await client.rpc('inbox_add_push_device', {
    endpoint: device.endpoint,
    p256dh: device.keys.p256dh,
    auth: device.keys.auth,
    browser,
  });
  expect(error).toBeNull();
  return { ...device, rowId: Number(data) };
}

/** The push of `kind` about lead `leadId` that `device` received, waited for. */
export function pushFor(
  service: LocalPushService,
  device: string,
  leadId: number,
  kind = 'lead',
  timeoutMs = PUSH_WITHIN_MS,
): Promise<ReceivedPush | undefined> {
  return until(
    () =>
      service
        .pushesTo(device)
        .find((push) => push.payload.leadId === leadId && push.payload.kind === kind),
    timeoutMs,
    `a ${kind} push about lead ${leadId} to ${device}`,
    (push) => push !== undefined,
  );
}
