import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { freePort } from './free-port.ts';
import { skipReason } from './skip.ts';

const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
const SITE_CONFIG = 'deploy/nginx.conf';

/** A suite that needs nginx and openssl: skipped by name without them, except under CI=true. */
export function describeWithNginx(name: string, body: () => void): void {
  const reason = skipReason('SKIP_NGINX', [NGINX]);
  describe.skipIf(!!reason)(`${name}${reason ? ` (skipped: ${reason})` : ''}`, body);
}

export interface RunningNginx {
  httpUrl: string;
  httpsUrl: string;
  /** The throwaway certificate's PEM: a client trusts exactly it. */
  ca: Buffer;
  /** What the site's access log holds so far (its own format, deploy/nginx.conf). */
  accessLog(): string;
  stop(): Promise<void>;
}

/**
 * deploy/nginx.conf on loopback: its listen ports become free ones, its
 * certificate a throwaway self-signed one, its upstream the given instances.
 * Every other line is the shipped file's own. Throws if the file no longer has
 * a line this needs to replace, so the test cannot drift away from it.
 */
function loopbackSiteConfig(
  dir: string,
  ports: { http: number; https: number },
  instancePorts: number[],
): string {
  let config = readFileSync(SITE_CONFIG, 'utf8');
  const replace = (pattern: RegExp, by: string) => {
    if (!pattern.test(config)) throw new Error(`${SITE_CONFIG} no longer matches ${pattern}`);
    config = config.replace(pattern, by);
  };
  const instances = instancePorts
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`)
    .join('\n');
  replace(
    /^\s*server 127\.0\.0\.1:\d+ [^;\n]*;\n(\s*# server 127\.0\.0\.1:[^\n]*\n)*/m,
    `${instances}\n`,
  );
  replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${ports.http};`);
  replace(/^\s*listen \[::\]:80;\n/m, '');
  replace(/^(\s*)listen 443 ssl http2;$/m, `$1listen 127.0.0.1:${ports.https} ssl http2;`);
  replace(/^\s*listen \[::\]:443 ssl http2;\n/m, '');
  replace(/ssl_certificate \S+;/, `ssl_certificate ${join(dir, 'cert.pem')};`);
  replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${join(dir, 'key.pem')};`);
  replace(/root \/var\/www\/letsencrypt;/, `root ${join(dir, 'acme')};`);
  replace(/access_log \/var\/log\/nginx\/access\.log /, `access_log ${join(dir, 'access.log')} `);
  return config;
}

/** Debian's nginx as a throwaway process on loopback, in front of the given instance ports. */
export async function startNginx(instancePorts: number[]): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-'));
  // Workers drop root for `nobody`: they must reach the temp directories.
  chmodSync(dir, 0o755);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'acme']) {
    mkdirSync(join(dir, temp));
    chmodSync(join(dir, temp), 0o777);
  }
  selfSignedCertificate(dir);
  const ports = { http: await freePort(), https: await freePort() };
  writeFileSync(join(dir, 'site.conf'), loopbackSiteConfig(dir, ports, instancePorts));
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (kind) => `  ${kind}_temp_path ${join(dir, kind === 'client_body' ? 'body' : kind)};`,
  );
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'worker_processes 1;',
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...temps,
      `  include ${join(dir, 'site.conf')};`,
      '}',
    ].join('\n'),
  );

  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await untilListening(
      ports.https,
      () => child.exitCode !== null,
      () => output,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    httpUrl: `http://127.0.0.1:${ports.http}`,
    httpsUrl: `https://localhost:${ports.https}`,
    ca: readFileSync(join(dir, 'cert.pem')),
    accessLog: () => {
      const file = join(dir, 'access.log');
      return existsSync(file) ? readFileSync(file, 'utf8') : '';
    },
    stop,
  };
}

function selfSignedCertificate(dir: string) {
  const result = spawnSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
      ...['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'],
      ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`openssl failed: ${result.stderr}`);
}

async function untilListening(port: number, exited: () => boolean, output: () => string) {
  for (;;) {
    if (exited()) throw new Error(`nginx exited before listening:\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(true));
      socket.once('error', () => resolve(false));
      socket.once('close', () => resolve(false));
      socket.once('connect', () => socket.destroy());
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
