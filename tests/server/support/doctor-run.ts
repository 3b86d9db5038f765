import { spawn } from 'node:child_process';
import { onTestFinished } from 'vitest';
import { BUILT } from '../../support/built.ts';
import { childEnv, finished } from '../../support/child-server.ts';
import type { SmtpSink } from '../../support/smtp-sink.ts';
import { emptyDataDir } from './backends.ts';

export const AGENCY = 'leads@agency.example';
export const PARTNER = 'partner@agency.example';

/** The compiled command, as `npm run doctor` runs it; its exit code, output, and one part's line. */
export async function doctor(sink: Pick<SmtpSink, 'url'>, extra: Record<string, string> = {}) {
  const { dataDir, remove } = emptyDataDir();
  onTestFinished(remove);
  const env = childEnv({
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    NOTIFY_EMAIL: AGENCY,
    INBOX_EMAILS: `${AGENCY},${PARTNER}`,
    VITE_SITE_URL: 'https://www.agency.example',
    ...extra,
  });
  const child = spawn(process.execPath, [BUILT.doctor], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const { code, both: output } = await finished(child);
  const lineOf = (part: string) =>
    output
      .split('\n')
      .find((line) => line.startsWith(`ok  ${part} `) || line.startsWith(`fix ${part} `)) ?? output;
  return { code, output, relayLine: lineOf('relay'), lineOf };
}
