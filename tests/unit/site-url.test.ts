import { describe, expect, it, vi } from 'vitest';
import { parseServerConfig } from '../../server/settings/read-settings';
import { leadMessage } from '../../server/leads/delivery/lead-message';
import { parseSiteEnv, type SiteConfig } from '../../src/config/env';

/**
 * One .env feeds the build and the server, and the site URL is one setting
 * (settings/shared.ts): typed with capitals and a trailing slash, it is written
 * the same way in the page's canonical link and in a lead email's link.
 */
const ENV = { VITE_SITE_URL: 'https://WWW.Example.CO.uk/' };
const LEAD = {
  id: '42',
  name: 'Jane Smith',
  email: 'jane@example.co.uk',
  message: 'Hello',
  receivedAt: new Date('2026-07-01T09:30:00Z'),
};

describe('a mixed-case site URL', () => {
  it("is the page's canonical link with its host lowercased", async () => {
    (globalThis as { __SITE_CONFIG__?: SiteConfig }).__SITE_CONFIG__ = parseSiteEnv(ENV);
    vi.resetModules();
    const { renderHead } = await import('../../src/head');
    expect(renderHead()).toContain('<link rel="canonical" href="https://www.example.co.uk/" />');
  });

  it("is a lead email's inbox link with its host lowercased", () => {
    const { siteUrl } = parseServerConfig(ENV);
    const addressing = { from: { name: 'Site', address: 's@a.example' }, to: 'a@a.example' };
    const message = leadMessage(LEAD, { ...addressing, siteUrl });
    expect(message.text).toContain('In the inbox: https://www.example.co.uk/inbox/#lead=42');
  });
});
