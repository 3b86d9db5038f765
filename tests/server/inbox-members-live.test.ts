import { existsSync, statSync } from 'node:fs';
import { createConnection } from 'node:net';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { membersSocketPath, sendMembersCommand } from '../../server/auth/members-socket.ts';
import { seedMembers } from '../../server/auth/members.ts';
import { runSubmissionsCli } from '../../server/submissions-cli.ts';
import { SERVER_TEST_BUDGET_MS } from '../support/budgets.ts';
import {
  describeEachBackend,
  describeOnEmbedded,
  envFor,
  sharedPerBackend,
} from './support/backends.ts';
import { OWNER, signIn, startInboxServer, storeLead } from './support/inbox.ts';

/**
 * The allowlist changed while our server runs (docs/inbox.md, "Members"): `members` works on
 * every backend (on the embedded database through the server's socket,
 * server/auth/members-socket.ts), and a member can remove another.
 */

// Sign-ins and servers of their own, on two busy cores.
vi.setConfig({ testTimeout: SERVER_TEST_BUDGET_MS });

const liveInbox = sharedPerBackend(async (kind) => {
  const inbox = await startInboxServer(kind);
  await storeLead(inbox.server, { name: 'Ada', email: 'ada@example.co.uk', message: 'Hi' });
  return inbox;
});
type Live = Awaited<ReturnType<typeof startInboxServer>>;

/** `npm run -s submissions -- members …` while the server runs. */
async function members(inbox: Live, ...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runSubmissionsCli(['members', ...args], {
    env: envFor(inbox.backend),
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

const listed = async (inbox: Live) =>
  (JSON.parse((await members(inbox, 'list')).stdout) as { email: string }[]).map(
    (member) => member.email,
  );

const leadsFor = async (inbox: Live, token: string) =>
  (await inbox
    .fetch(`${inbox.url}/rest/v1/inbox_leads?select=id`, {
      headers: { authorization: `Bearer ${token}` },
    })
    .then((response) => response.json())) as unknown[];

// per backend: the command reaches PGlite through the server's socket and PostgreSQL directly.
describeEachBackend('submissions members while the server runs', (kind) => {
  const shared = liveInbox(kind);
  let inbox: Live;
  beforeAll(() => void (inbox = shared()));

  it('lists, adds and removes a member, whose access ends at once', async () => {
    const newcomer = 'newcomer@example.co.uk';
    expect(await members(inbox, 'add', 'Newcomer@example.co.uk')).toMatchObject({
      code: 0,
      stdout: `Added ${newcomer}.\n`,
    });
    expect(await listed(inbox)).toEqual([newcomer, OWNER]);
    const session = await signIn(inbox.client(), inbox.sink, newcomer);
    expect(await leadsFor(inbox, session.access_token)).toHaveLength(1);

    expect(await members(inbox, 'remove', newcomer)).toMatchObject({
      code: 0,
      stdout: `Removed ${newcomer}; their sessions have ended.\n`,
    });
    expect(await leadsFor(inbox, session.access_token)).toEqual([]);
    expect(await listed(inbox)).toEqual([OWNER]);
    expect(await members(inbox, 'remove', newcomer)).toMatchObject({
      code: 0,
      stdout: `${newcomer} was not a member; INBOX_EMAILS will not add them.\n`,
    });
  });
});

describe('the embedded server’s members socket', () => {
  const shared = liveInbox('embedded');
  let inbox: Live;
  beforeAll(() => void (inbox = shared()));

  it('is open to the data directory’s owner only', () => {
    const path = membersSocketPath(inbox.backend.options.dataDir);
    expect(statSync(path).isSocket()).toBe(true);
    expect((statSync(path).mode & 0o777).toString(8)).toBe('600');
  });

  it('answers nothing but a members command', async () => {
    const { dataDir } = inbox.backend.options;
    expect(await sendMembersCommand(dataDir, ['export'])).toEqual({
      error: 'members takes list, add EMAIL or remove EMAIL',
    });
    expect(await sendMembersCommand(dataDir, ['add', 'not an address'])).toEqual({
      error: 'members add needs one email address',
    });
    const socket = createConnection(membersSocketPath(dataDir));
    socket.end('select 1');
    let answer = '';
    for await (const chunk of socket) answer += String(chunk);
    expect(JSON.parse(answer)).toEqual({ error: 'not a members command' });
    expect(await listed(inbox)).toEqual([OWNER]);
  });

  it('goes when the server stops, and the command opens the database itself again', async () => {
    const own = await startInboxServer('embedded');
    onTestFinished(() => own.close());
    const path = membersSocketPath(own.backend.options.dataDir);
    expect(existsSync(path)).toBe(true);
    await own.server.close();
    expect(existsSync(path)).toBe(false);
    expect(await listed(own)).toEqual([OWNER]);
  });
});

describeOnEmbedded('inbox: a member removes another', (kind) => {
  const shared = liveInbox(kind);
  let inbox: Live;
  beforeAll(() => void (inbox = shared()));

  const removeBy = (token: string | undefined, email: string) =>
    inbox.fetch(`${inbox.url}/rest/v1/rpc/inbox_remove_member`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token && { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify({ email }),
    });

  it('removes them for good: their token reads nothing, and the removal names who', async () => {
    const colleague = 'colleague@example.co.uk';
    await members(inbox, 'add', colleague);
    const owner = await signIn(inbox.client(), inbox.sink);
    const theirs = await signIn(inbox.client(), inbox.sink, colleague);
    expect(await leadsFor(inbox, theirs.access_token)).toHaveLength(1);

    const removed = await removeBy(owner.access_token, 'Colleague@example.co.uk');
    expect(removed.status).toBe(204);

    expect(await leadsFor(inbox, theirs.access_token)).toEqual([]);
    expect(
      await inbox.server.query(
        'select removed_by from app_private.inbox_removed_members where email = $1',
        [colleague],
      ),
    ).toEqual([{ removed_by: OWNER }]);
    // What the next start does with INBOX_EMAILS naming them.
    expect(await seedMembers(inbox.server.database, [colleague])).toMatchObject({
      added: [],
      skipped: [colleague],
    });
    // Removed, they can remove nobody.
    const back = await removeBy(theirs.access_token, OWNER);
    expect([back.status, await back.json()]).toEqual([
      403,
      expect.objectContaining({ code: '42501' }),
    ]);
  });

  it('refuses anon, a member removing themselves, and an address that is not a member', async () => {
    const owner = await signIn(inbox.client(), inbox.sink);
    const refusals = [
      [undefined, OWNER, 401, '42501'],
      [owner.access_token, OWNER, 400, '22023'],
      [owner.access_token, 'nobody@example.co.uk', 404, 'PT404'],
    ] as const;
    for (const [token, email, status, code] of refusals) {
      const response = await removeBy(token, email);
      expect([response.status, await response.json()], `${email} ${status}`).toEqual([
        status,
        expect.objectContaining({ code }),
      ]);
    }
    expect(await listed(inbox)).toContain(OWNER);
    expect(
      await inbox.server.query(
        'select email from app_private.inbox_removed_members where email = $1',
        ['nobody@example.co.uk'],
      ),
    ).toEqual([]);
  });
});
