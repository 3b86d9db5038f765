import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/copy/contact-messages';
import { SIGN_IN_CODE_LENGTH } from '../../shared/sign-in-code';
import { inboxCopy } from '../../src/content/inbox';
import { exited } from '../support/child-server.ts';
import { uniqueSubmission } from '../support/submission.ts';
import { descendantsOf, killSurvivors, survivors } from '../support/process-tree.ts';
import { until } from '../support/until.ts';
import { test } from './coverage';
import { contactForm, fillContactForm, toasts } from './support/contact';
import { leadLink, openedLead, signInForm } from './support/inbox';
import { visit } from './support/site';

/**
 * The owner's first minutes (docs/local-mailbox.md): `npm start` in a fresh copy of the
 * project with no settings but free ports, its data in the copy's ./data, as a user runs it
 * (it builds the server and the site first). The start-up lines name the page, the inbox's address and the local
 * mailbox; with them alone a lead is sent, read in the inbox and answered, and the answer read.
 */

/** Settings that would give the server a relay, a member or another database. */
const NOT_SET = [
  'DATA_DIR',
  'DATABASE_URL',
  'NODE_ENV',
  'SMTP_URL',
  'NOTIFY_EMAIL',
  'INBOX_EMAILS',
  'MAIL_FROM',
];
/** Both builds and the start, on two cores other work keeps busy. */
const START_BUDGET_MS = 5 * 60_000;

interface Started {
  child: ChildProcess;
  output: () => string;
  site: string;
  member: string;
  mailbox: string;
}

/**
 * The project's files as a clone has them (tracked, and new ones not ignored), with this
 * tree's node_modules: the start builds there, not over the build/ and dist/ other tests run.
 */
function freshCheckout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-first-start-clone-'));
  const files = execFileSync('git', [
    'ls-files',
    '-z',
    '--cached',
    '--others',
    '--exclude-standard',
  ])
    .toString()
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    // A file deleted but not yet committed is listed and absent.
    cpSync(file, join(dir, file), { force: true, errorOnExist: false });
  }
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  return dir;
}

function npmStart(checkout: string, port = '0'): { child: ChildProcess; output: () => string } {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: port, MAILBOX_PORT: '0' };
  for (const name of NOT_SET) delete env[name];
  // Its own process group, so the test stops npm and the server it became, and nothing else.
  const child = spawn('npm', ['start'], {
    cwd: checkout,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** What the start-up lines say to open. */
async function started(checkout: string): Promise<Started> {
  const { child, output } = npmStart(checkout);
  const lines = await until(
    () => {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${output()}`);
      return output();
    },
    START_BUDGET_MS,
    'the start-up lines',
    (text) => /The local mailbox: +\S+/.test(text),
  );
  const line = (pattern: RegExp) => pattern.exec(lines)?.[1] ?? '';
  return {
    child,
    output,
    site: line(/The page: +(\S+)/),
    member: line(/The inbox: +\S+ \(sign in as (\S+)\)/),
    mailbox: line(/The local mailbox: +(\S+)/),
  };
}

/** Whatever is left of the start's process group, should the test have failed before its stop. */
async function stop(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) {
    process.kill(-child.pid!, 'SIGTERM');
    await exited(child);
  }
  killSurvivors([], child.pid!);
}

/**
 * As a process manager stops it: SIGTERM to npm's own process alone (Ctrl-C, which reaches the
 * server twice, is tests/server/production-signals.test.ts's). npm passes it on;
 * the script line execs the start (package.json), which imports the server rather than spawning it,
 * so the signal reaches the server, which closes the database and exits 0 with nothing left behind.
 * A shell between them would die and orphan the server, still holding the database's lock.
 * tests/server/production-signals.test.ts stops `npm run serve` so with submissions in flight.
 */
async function stopAsAProcessManager(server: Started) {
  const group = server.child.pid!;
  // npm, and the server it runs.
  const tree = [group, ...descendantsOf(group)];
  expect(tree.length).toBeGreaterThanOrEqual(2);
  server.child.kill('SIGTERM');
  expect(await exited(server.child), server.output()).toBe(0);
  expect(server.output()).toContain('Stopped cleanly.');
  expect(survivors(tree, group)).toEqual([]);
}

/** The newest code in the local mailbox, as the owner copies it from the page. */
async function codeFromMailbox(page: Page, mailboxUrl: string): Promise<string> {
  const code = new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`, 'm');
  // Newest first, and the lead's own email may land after the code: the code's email by its subject.
  const newestCode = page.getByRole('article', { name: /sign-in code/ }).first();
  await expect(async () => {
    await page.goto(mailboxUrl);
    await expect(newestCode).toContainText(code);
  }).toPass({ timeout: 20_000 });
  const text = await newestCode.innerText();
  return code.exec(text)![0];
}

test('a fresh npm start: send a lead, sign in through the local mailbox, reply and read it there', async ({
  page,
  context,
}) => {
  test.setTimeout(START_BUDGET_MS + 90_000);
  const checkout = freshCheckout();
  const server = await started(checkout).catch((error: unknown) => {
    rmSync(checkout, { recursive: true, force: true });
    throw error;
  });
  const { site, member, mailbox } = server;
  test.info().attach('start-up lines', { body: JSON.stringify({ site, member, mailbox }) });
  try {
    expect(new URL(server.mailbox).hostname).toBe('127.0.0.1');
    const lead = { ...uniqueSubmission('first'), name: 'Ada Lovelace' };

    // The page, at its default proof of work, as a visitor sends.
    await visit(page, server.site);
    await contactForm(page).form.scrollIntoViewIfNeeded();
    await fillContactForm(page, lead);
    await contactForm(page).submit.click();
    await expect(toasts(page).withText(MESSAGES.sent)).toBeVisible({ timeout: 60_000 });

    // The inbox, with the address start-up named and the code the local mailbox kept.
    await page.goto(new URL('/inbox/', server.site).href);
    const form = signInForm(page);
    await form.email.fill(server.member);
    await form.sendCode.click();
    await expect(page.getByText(inboxCopy.signIn.sent(server.member))).toBeVisible();
    const mailboxPage = await context.newPage();
    await form.code.fill(await codeFromMailbox(mailboxPage, server.mailbox));
    await form.signIn.click();
    await expect(page.getByRole('button', { name: inboxCopy.header.signOut })).toBeVisible({
      timeout: 15_000,
    });

    // The lead, and a reply to it.
    await leadLink(page, lead.name).first().click();
    const opened = openedLead(page, lead.name);
    await opened.getByRole('button', { name: inboxCopy.reply.open, exact: true }).click();
    await opened.getByLabel(inboxCopy.reply.label).pressSequentially('Happy to help this week.');
    await opened.getByRole('button', { name: inboxCopy.reply.send }).click();
    const entry = opened.locator('[data-reply-state]');
    await expect(entry).toHaveAttribute('data-reply-state', 'sent', { timeout: 20_000 });
    // Kept here, and said so: not "accepted by the mail server", as nothing left the machine.
    const kept = inboxCopy.reply.kept;
    await expect(entry.getByText(kept.state, { exact: true })).toBeVisible();
    await expect(entry.locator('time')).toHaveText(new RegExp(`^${kept.at('.+')}$`));
    await expect.poll(server.output).toMatch(/Reply \d+ to lead \d+ kept in the local mailbox/);
    expect(server.output()).not.toContain('accepted by the relay');

    // The reply, kept for the lead's address: what a relay would have delivered.
    await mailboxPage.goto(server.mailbox);
    const reply = mailboxPage.getByRole('article').filter({ hasText: 'Happy to help this week.' });
    await expect(reply.getByRole('definition').nth(1)).toHaveText(lead.email);

    // The same command again, in a second terminal, while this one serves: refused before it
    // builds, as the build empties dist/ under the running site (its page went 404 meanwhile).
    const built = statSync(join(checkout, 'dist', 'index.html')).mtimeMs;
    const again = npmStart(checkout, new URL(server.site).port);
    expect(await exited(again.child), again.output()).toBe(1);
    expect(again.output()).toContain('is this server already running');
    expect(statSync(join(checkout, 'dist', 'index.html')).mtimeMs).toBe(built);
    expect((await fetch(server.site)).status).toBe(200);

    await stopAsAProcessManager(server);
  } finally {
    await stop(server.child);
    rmSync(checkout, { recursive: true, force: true });
  }
});
