import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { parseSiteEnv, type SiteConfig } from '../../src/config/env';
import { INBOX_SESSION_KEY } from '../../src/config/inbox';

// The build's settings, as the inbox is built by default (the API on the site's own origin).
(globalThis as { __SITE_CONFIG__?: SiteConfig }).__SITE_CONFIG__ = parseSiteEnv({});
const { markRestoring, RESTORING_ATTRIBUTE, startEarlyLeadReads, takeEarlyRead } =
  await import('../../src/inbox/early-lead-reads');
const { LEAD_READS, leadReadUrl } = await import('../../src/inbox/lead-reads');

/**
 * The rules of the reads a tap on an alert starts before the app runs (src/inbox/early-lead-reads.ts):
 * only for a lead the address names and a token good for a while yet, each answer taken once,
 * and only soon after. The browser's part is tests/e2e/inbox-reopen.spec.ts.
 */

const ORIGIN = 'https://agency.example';
const NOW = Date.parse('2026-11-30T09:00:00Z');
const asked: { url: string; bearer: string | null }[] = [];
const storage = new Map<string, string>();
const attributes = new Map<string, string>();

function open(hash: string, session?: { expiresInS: number }) {
  storage.clear();
  if (session) {
    storage.set(
      INBOX_SESSION_KEY,
      JSON.stringify({
        access_token: 'member-token',
        refresh_token: 'refresh',
        expires_at: Math.floor(NOW / 1000) + session.expiresInS,
      }),
    );
  }
  const location = { hash, origin: ORIGIN };
  vi.stubGlobal('window', { location });
  vi.stubGlobal('location', location);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  asked.length = 0;
  attributes.clear();
  vi.stubGlobal('localStorage', { getItem: (key: string) => storage.get(key) ?? null });
  vi.stubGlobal('document', {
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
  });
  vi.stubGlobal('fetch', async (url: string, init: { headers: Record<string, string> }) => {
    asked.push({ url, bearer: init.headers.Authorization ?? null });
    return new Response('[]', { status: 200 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const urlOf = (read: keyof typeof LEAD_READS, id: number) =>
  leadReadUrl(ORIGIN, LEAD_READS[read], id);

it("starts the lead's four reads with the member's token, each answer taken once", async () => {
  open('#lead=42', { expiresInS: 3600 });
  startEarlyLeadReads();
  expect(asked.map((a) => a.url).sort()).toEqual(
    (['lead', 'notes', 'activity', 'replies'] as const).map((r) => urlOf(r, 42)).sort(),
  );
  expect(new Set(asked.map((a) => a.bearer))).toEqual(new Set(['Bearer member-token']));

  const answer = takeEarlyRead(urlOf('notes', 42));
  expect((await answer)?.ok).toBe(true);
  expect(takeEarlyRead(urlOf('notes', 42))).toBeUndefined();
  expect(takeEarlyRead(urlOf('notes', 43))).toBeUndefined();
});

it('leaves an answer not taken within 10 s to a read of its own', () => {
  open('#lead=7', { expiresInS: 3600 });
  startEarlyLeadReads();
  vi.setSystemTime(NOW + 10_000);
  expect(takeEarlyRead(urlOf('lead', 7))).toBeUndefined();
});

it('reads nothing early with a token about to expire, no session, or no lead named', () => {
  open('#lead=7', { expiresInS: 5 });
  startEarlyLeadReads();
  open('#lead=7');
  startEarlyLeadReads();
  open('', { expiresInS: 3600 });
  startEarlyLeadReads();
  open('#lead=0', { expiresInS: 3600 });
  startEarlyLeadReads();
  expect(asked).toEqual([]);
});

it('marks the page as restoring only when a session is stored, expired or not', () => {
  open('', { expiresInS: -60 });
  markRestoring();
  expect(attributes.has(RESTORING_ATTRIBUTE)).toBe(true);
  attributes.clear();
  open('');
  markRestoring();
  expect(attributes.has(RESTORING_ATTRIBUTE)).toBe(false);
});
