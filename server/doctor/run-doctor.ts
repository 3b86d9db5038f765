import { ConfigError } from '../../settings/config-error.ts';
import { parseServerConfig } from '../settings/read-settings.ts';
import {
  checkDatabase,
  checkMembers,
  checkNotifyEmail,
  checkPushHosts,
  checkRelay,
  checkSiteUrl,
  checkWorkingHours,
  type Finding,
} from './deployment-checks.ts';

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
  const findings: Finding[] = [
    await checkRelay(config),
    checkNotifyEmail(config),
    checkMembers(config),
    checkSiteUrl(config),
    await checkDatabase(config),
    await checkPushHosts(config),
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
