import type { PUSH_DEVICE_COLUMNS, RowOf } from '../../../shared/inbox-columns';
import { inboxClients } from '../supabase';
import { callRpc, unwrap } from '../api';

/**
 * The alerts' reads and RPCs (the contract in docs/alerts.md): the VAPID key,
 * this member's devices (their own only, by row-level security), adding and
 * removing one, "Send a test alert" and its answers, and "I'm on it".
 */
export type PushDevice = Omit<RowOf<typeof PUSH_DEVICE_COLUMNS>, 'member'>;

/** The server's VAPID public key, base64url, for pushManager.subscribe. */
export const pushKey = () => callRpc('inbox_push_key', {});

export const addPushDevice = (
  subscription: { endpoint: string; p256dh: string; auth: string },
  browser: string,
) => callRpc('inbox_add_push_device', { ...subscription, browser });

export const removePushDevice = (id: number) =>
  callRpc('inbox_remove_push_device', { device_id: id });

/** Every device of this member's: before signing out everywhere (hosted Supabase cannot do it itself). */
export const forgetPushDevices = () => callRpc('inbox_forget_push_devices', {});

/** What one device's push service answered to a test alert (supabase/schemas/72_test_alerts.sql). */
export interface TestAlertResult {
  device_id: number;
  browser: string;
  outcome: 'waiting' | 'accepted' | 'refused' | 'gone';
  status: number | null;
}

/** Queues a test alert to each of this member's devices; the batch to read the answers by. */
export const sendTestAlert = () => callRpc('inbox_send_test_alert', {});

export const testAlertResults = async (batch: string) =>
  (await callRpc('inbox_test_alert_results', { batch })) as TestAlertResult[];

export const takeLead = (id: number) => callRpc('inbox_take', { lead_id: id });

export async function listPushDevices(): Promise<PushDevice[]> {
  return unwrap<PushDevice[]>(
    await inboxClients()
      .rest.from('push_devices')
      .select('id,endpoint,browser,created_at')
      .order('created_at', { ascending: true }),
  );
}
