import type { PUSH_DEVICE_COLUMNS, RowOf } from '../../../contact/inbox-columns';
import { inboxClients } from '../supabase';
import { callRpc, unwrap } from '../api';

/**
 * The alerts' reads and RPCs (the contract in docs/alerts.md): the VAPID key,
 * this member's devices (their own only, by row-level security), adding and
 * removing one, and "I'm on it".
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

export const takeLead = (id: number) => callRpc('inbox_take', { lead_id: id });

export async function listPushDevices(): Promise<PushDevice[]> {
  return unwrap<PushDevice[]>(
    await inboxClients()
      .rest.from('push_devices')
      .select('id,endpoint,browser,created_at')
      .order('created_at', { ascending: true }),
  );
}
