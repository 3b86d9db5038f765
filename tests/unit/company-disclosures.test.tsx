import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../settings/config-error';
import { parseSiteEnv, type SiteConfig } from '../../src/config/env';

const COMPANY = {
  VITE_BRAND_NAME: 'Foreland Digital',
  VITE_COMPANY_NAME: 'Foreland Digital Services Ltd',
  VITE_COMPANY_NUMBER: '01234567',
  VITE_REGISTERED_OFFICE: '1 Harbour Street, Deal, CT14 6AA',
  VITE_VAT_NUMBER: 'GB 123 4567 89',
};

/** Renders the footer and the privacy notice as the build does, with this configuration. */
async function renderWith(config: SiteConfig) {
  (globalThis as { __SITE_CONFIG__?: SiteConfig }).__SITE_CONFIG__ = config;
  const { Footer } = await import('../../src/components/sections/footer');
  const { PrivacyDialog } = await import('../../src/components/sections/privacy-dialog');
  const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  return {
    footer: text(renderToStaticMarkup(<Footer />)),
    privacy: text(renderToStaticMarkup(<PrivacyDialog />)),
  };
}

describe('UK trading disclosures (build configuration)', () => {
  it('are parsed together, the VAT number normalised', () => {
    expect(parseSiteEnv(COMPANY).company).toEqual({
      name: 'Foreland Digital Services Ltd',
      number: '01234567',
      registeredOffice: '1 Harbour Street, Deal, CT14 6AA',
      vatNumber: 'GB123456789',
    });
    expect(parseSiteEnv({}).company).toBeUndefined();
  });

  it('refuse a partial set or a malformed number, naming the variable', () => {
    expect(() => parseSiteEnv({ VITE_COMPANY_NAME: 'Foreland Ltd' })).toThrow(ConfigError);
    expect(() => parseSiteEnv({ ...COMPANY, VITE_COMPANY_NUMBER: '1234' })).toThrow(
      /VITE_COMPANY_NUMBER/,
    );
    expect(() => parseSiteEnv({ ...COMPANY, VITE_VAT_NUMBER: '12345' })).toThrow(/VITE_VAT_NUMBER/);
    expect(() => parseSiteEnv({ VITE_VAT_NUMBER: 'GB123456789' })).toThrow(/VITE_VAT_NUMBER/);
  });

  it('show in the footer and name the controller in the privacy notice when set', async () => {
    const { footer, privacy } = await renderWith(parseSiteEnv(COMPANY));
    for (const part of [
      'Foreland Digital Services Ltd',
      '01234567',
      '1 Harbour Street, Deal, CT14 6AA',
      'GB123456789',
    ]) {
      expect(footer).toContain(part);
    }
    expect(privacy).toContain(
      'Foreland Digital Services Ltd (company number 01234567, trading as Foreland Digital) is the data controller',
    );
    expect(privacy).toContain('by post at 1 Harbour Street, Deal, CT14 6AA');
    expect(privacy).toContain('by email at hello@example.com');
  });
});
