import { INBOX_PATH } from '../shared/paths.ts';
import type { RunningServer } from './start.ts';

/**
 * What `npm start` and `npm run serve` print once listening: where to open, in a few plain
 * lines. The first line is the one tests and tools wait for (tests/support/child-server.ts).
 */
export function startLines(server: Pick<RunningServer, 'url' | 'members' | 'localMailbox'>) {
  const members = server.members.join(', ');
  const signIn = members ? `sign in as ${members}` : 'no member yet: set INBOX_EMAILS';
  const lines = [
    `Serving the site and its contact API on ${server.url}`,
    `  The page:          ${server.url}/`,
    `  The inbox:         ${server.url}${INBOX_PATH} (${signIn})`,
  ];
  if (server.localMailbox) {
    lines.push(
      `  The local mailbox: ${server.localMailbox.url} (every email is kept there: no SMTP_URL is set)`,
    );
  }
  return lines.join('\n');
}
