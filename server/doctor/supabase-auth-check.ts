import type { ServerConfig } from '../settings/server-config.ts';
import { errorText, type Finding } from './deployment-checks.ts';

/** A project that has not answered by then is treated as unreachable. */
const SETTINGS_TIMEOUT_MS = 10_000;

/** What GET /auth/v1/settings answers (supabase/auth, internal/api/settings.go), as far as read. */
interface AuthSettings {
  disable_signup?: unknown;
  mailer_autoconfirm?: unknown;
  external?: { email?: unknown };
}

/**
 * Hosted Supabase's Auth, as its public settings say it is set up (docs/inbox.md, "On hosted
 * Supabase"). A member is a token whose email is in the allowlist, so where anyone may sign up, a
 * stranger can register a member's address that has no user yet: with email confirmed without
 * asking (mailer_autoconfirm), their password reads every lead at once; otherwise it does once the
 * member confirms the address. No finding where the site does not use hosted Supabase.
 */
export async function checkSupabaseAuth(config: ServerConfig): Promise<Finding[]> {
  if (!config.supabase) return [];
  return [await readAuthSettings(config.supabase)];
}

async function readAuthSettings({
  url,
  anonKey,
}: {
  url: string;
  anonKey: string;
}): Promise<Finding> {
  const part = 'Supabase Auth';
  const where = new URL(url).host;
  if (!anonKey) {
    return {
      part,
      ok: false,
      says: `VITE_SUPABASE_ANON_KEY is unset: set it with VITE_SUPABASE_URL, then build again`,
    };
  }
  let settings: AuthSettings;
  try {
    const response = await fetch(`${url}/auth/v1/settings`, {
      headers: { apikey: anonKey },
      signal: AbortSignal.timeout(SETTINGS_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`it answers ${response.status}`);
    settings = (await response.json()) as AuthSettings;
  } catch (error) {
    // fetch says only "fetch failed"; its cause says why (a name that does not resolve, a refusal).
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return {
      part,
      ok: false,
      says: `cannot read the settings of ${where}: ${errorText(reason)}. Check VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY.`,
    };
  }
  if (settings.disable_signup !== true) {
    const stranger =
      settings.mailer_autoconfirm === true
        ? "and confirms their address without asking: anyone can sign up with a password as a member's address that has no user yet, and read every lead at once"
        : "with a password: a stranger can register a member's address that has no user yet, and read every lead once the member confirms it";
    return {
      part,
      ok: false,
      says: `${where} lets anyone sign up ${stranger}. Turn off "Allow new users to sign up" (Authentication → Sign In / Providers), and add each member under Authentication → Users.`,
    };
  }
  if (settings.external?.email !== true) {
    return {
      part,
      ok: false,
      says: `${where} has the Email provider off, so no member gets a sign-in code: turn it on (Authentication → Sign In / Providers → Email)`,
    };
  }
  return { part, ok: true, says: `${where}: sign-ups are off, so only the users you add sign in` };
}
