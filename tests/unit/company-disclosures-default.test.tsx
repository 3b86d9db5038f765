import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseSiteEnv, type SiteConfig } from '../../src/config/env';

describe('UK trading disclosures, not configured (the default build)', () => {
  it('show nothing, and the brand is the controller, with how to reach it', async () => {
    const config = parseSiteEnv({});
    (globalThis as { __SITE_CONFIG__?: SiteConfig }).__SITE_CONFIG__ = config;
    const { Footer } = await import('../../src/components/sections/footer');
    const { PrivacyDialog } = await import('../../src/components/sections/privacy-dialog');
    const footer = renderToStaticMarkup(<Footer />);
    const privacy = renderToStaticMarkup(<PrivacyDialog />);
    expect(footer).not.toContain('company-disclosures');
    expect(footer).not.toMatch(/registered office|VAT/i);
    expect(privacy).toContain(`${config.brandName} is the data controller`);
    expect(privacy).toContain(`by email at ${config.contactEmail}`);
    expect(privacy).toContain(`by phone on ${config.contactPhone}`);
    expect(privacy).not.toContain('by post');
  });
});
