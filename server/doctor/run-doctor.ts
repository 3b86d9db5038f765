import { ConfigError } from '../../settings/config-error.ts';
import { LOCAL_OWNER } from '../leads/delivery/local-mailbox.ts';
import { parseServerConfig } from '../settings/read-settings.ts';
import {
  checkDatabase,
  checkMembers,
  checkNotifyEmail,
  checkAlerts,
  checkRelay,
  checkSiteUrl,
  checkWorkingHours,
  type Finding,
} from './deployment-checks.ts';
import { checkSupabaseAuth } from './supabase-auth-check.ts';

/** The widest part's name, so the sentences line up. */
const PART_WIDTH = 15;

/**
 * `npm run doctor`: the settings read as the server reads them, then each part of a real
 * deployment checked in turn (./deployment-checks.ts). 0 when every part will work, 1 otherwise.
 */
export async function runDoctor(
  env: Record<string, string | undefined>,
  out: (line: string) => void,
): Promise<number> {
  let config;
  try {
    config = parseServerConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    out(`fix ${'settings'.padEnd(PART_WIDTH)} ${error.message}`);
    return 1;
  }
  // On a fresh clone the server works without a relay; say so before the lines that ask for one.
  if (config.mailboxPort !== undefined) out(localMailboxNote(config.mailboxPort));
  const findings: Finding[] = [
    await checkRelay(config),
    checkNotifyEmail(config),
    checkMembers(config),
    // Only where the site uses hosted Supabase, whose Auth decides who can sign in as a member.
    ...(await checkSupabaseAuth(config)),
    checkSiteUrl(config),
    await checkDatabase(config),
    await checkAlerts(config),
    checkWorkingHours(config),
  ];
  for (const { part, ok, says } of findings) {
    out(`${ok ? 'ok ' : 'fix'} ${part.padEnd(PART_WIDTH)} ${says}`);
  }
  const broken = findings.filter((finding) => !finding.ok).length;
  out(
    broken === 0
      ? 'Every part will work.'
      : `${broken} part(s) will not work as set: see the lines marked fix.`,
  );
  return broken === 0 ? 0 : 1;
}

/** Outside production with no relay: what the server does on this machine instead. */
function localMailboxNote(port: number): string {
  const where = port === 0 ? 'on a free port' : `at http://127.0.0.1:${port}/`;
  return (
    `note: no SMTP_URL outside production, so the server keeps every email in the local mailbox ` +
    `${where} and ${LOCAL_OWNER} may sign in unless INBOX_EMAILS names others ` +
    `(docs/local-mailbox.md). That works on this machine; the lines below check a real deployment.`
  );
}
