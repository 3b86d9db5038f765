import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it, onTestFinished, vi } from 'vitest';
import { TABLE_URL, VALID } from '../support/requests.ts';
import { freePort } from '../support/free-port.ts';
import { proofFrom, TEST_PROOF_OF_WORK_ENV } from '../support/proof.ts';
import { SERVER_TEST_BUDGET_MS } from '../support/budgets.ts';
import { BUILT } from '../support/built.ts';
import { exited, finished } from '../support/child-server.ts';
import { until } from '../support/until.ts';

// Every test here starts a server or a command-line tool as a process.
vi.setConfig({ testTimeout: SERVER_TEST_BUDGET_MS });

const READY = /Serving the site and its contact API on (http:\/\/\S+)/;
const MAILBOX = /The local mailbox: (http:\/\/\S+)/;

/** The environment minus every variable the .env sets: only the file may supply them. */
function envWithout(names: string[]): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of names) delete env[name];
  return env;
}

const FILE_VARIABLES = ['PORT', 'RATE_LIMIT_PER_MINUTE', 'DATA_DIR', 'DATABASE_URL', 'DIST_DIR'];

/**
 * What `npm run serve` execs, from `cwd` as npm would run it from the project's
 * root: its address once it listens, and the process, stopped after the test.
 */
async function serve(cwd: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [BUILT.server], {
    cwd,
    // The test difficulty, so a proof costs a few hashes (tests/support/proof.ts).
    env: { ...env, ...TEST_PROOF_OF_WORK_ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onTestFinished(() => stop(child));
  let output = '';
  return new Promise<{ url: string; child: ChildProcess; output: () => string }>((done, fail) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = READY.exec(output);
      if (match) done({ url: match[1]!, child, output: () => output });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => fail(new Error(`exited (${code}):\n${output}`)));
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await exited(child);
  }
}

/**
 * A project directory with this .env, and its DATA_DIR (`dataDir`, relative) a copy of the
 * migrated template: what is tested is where the settings come from, not a first start's
 * migrations, which cost a process seconds on a busy machine (persistence.test.ts has those).
 */
async function projectWithEnvFile(lines: string[], dataDir: string) {
  const dir = await mkdtemp(join(tmpdir(), 'env-file-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  await writeFile(join(dir, '.env'), `${lines.join('\n')}\n`);
  await cp(inject('pgliteTemplate'), join(dir, dataDir), { recursive: true });
  return dir;
}

/** As the page sends it: with a fresh proof of work from the server. */
const submit = async (url: string) =>
  fetch(`${url}${TABLE_URL}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...VALID, proof: await proofFrom(url) }),
  });

describe('.env', () => {
  it('copied from .env.example and edited, gives the server its port and rate limit, with nothing in the environment', async () => {
    const port = await freePort();
    const edits: Record<string, string> = {
      PORT: String(port),
      MAILBOX_PORT: '0',
      RATE_LIMIT_PER_MINUTE: '2',
      DATA_DIR: './data',
      DIST_DIR: './no-site',
    };
    const example = await readFile('.env.example', 'utf8');
    const edited = Object.entries(edits).reduce(
      (text, [name, value]) => text.replace(new RegExp(`^${name}=.*$`, 'm'), `${name}=${value}`),
      example,
    );
    for (const [name, value] of Object.entries(edits))
      expect(edited).toContain(`\n${name}=${value}\n`);
    const dir = await projectWithEnvFile([edited], 'data');
    const { url, output } = await serve(dir, envWithout([...FILE_VARIABLES, 'MAILBOX_PORT']));
    expect(new URL(url).port).toBe(String(port));
    expect((await submit(url)).status).toBe(201);
    expect((await submit(url)).status).toBe(201);
    expect((await submit(url)).status).toBe(429);
    // The owner opens a lead from its email in the local mailbox: the link is this server's,
    // not the build's placeholder address (http://localhost:8080), where nothing may listen.
    const mailbox = MAILBOX.exec(output())![1]!;
    const page = await until(
      async () => (await fetch(mailbox)).text(),
      20_000,
      'the lead email in the local mailbox',
      (text) => text.includes('In the inbox: '),
    );
    // The lead email's link to the lead, a link on the mailbox page, at the port .env gave.
    expect(page).toContain(`In the inbox: <a href="${url}/inbox/#lead=`);
  });

  it('yields to the real environment', async () => {
    const fromFile = await freePort();
    const real = await freePort();
    const dir = await projectWithEnvFile([`PORT=${fromFile}`, 'DATA_DIR=./data'], 'data');
    const { url } = await serve(dir, { ...envWithout(FILE_VARIABLES), PORT: String(real) });
    expect(new URL(url).port).toBe(String(real));
  });

  it('is read by the command-line tools too', async () => {
    const dir = await projectWithEnvFile(['DATA_DIR=./leads'], 'leads');
    const { url, child: server } = await serve(dir, envWithout(FILE_VARIABLES));
    expect((await submit(url)).status).toBe(201);
    server.kill('SIGTERM');
    await exited(server);
    const cli = spawn(process.execPath, [BUILT.submissions, 'export', '--format', 'json'], {
      cwd: dir,
      env: envWithout(FILE_VARIABLES),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const { code, stdout } = await finished(cli);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([expect.objectContaining({ email: VALID.email })]);
    // Both in the .env's directory: neither made the default ./data, as either would without it.
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });
});
