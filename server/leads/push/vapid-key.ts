import webPush from 'web-push';
import type { Database } from '../../db/database.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair every instance and worker shares (RFC 8292), kept by the
 * database like the token signing key. pgcrypto cannot make a P-256 key, so
 * the first process to start makes one with web-push and inserts it ON
 * CONFLICT DO NOTHING; whoever loses that race throws its own pair away and
 * everyone reads the one stored. Nothing to configure, and a restart or a new
 * instance never changes the key the browsers subscribed with.
 */
export async function vapidKeys(database: Database): Promise<VapidKeys> {
  const made = webPush.generateVAPIDKeys();
  await database.query(
    `insert into app_private.push_vapid_key (public_key, private_key) values ($1, $2)
     on conflict (singleton) do nothing`,
    [made.publicKey, made.privateKey],
  );
  const [row] = await database.query(
    'select public_key, private_key from app_private.push_vapid_key',
  );
  return { publicKey: String(row!.public_key), privateKey: String(row!.private_key) };
}
