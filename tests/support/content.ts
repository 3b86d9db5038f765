import { parseSiteEnv } from '../../src/config/env';

/**
 * The build's configuration, parsed exactly as vite.config.ts parses it, so the
 * tests expect whatever brand and contact details this build was made with.
 */
export const config = parseSiteEnv({ ...process.env });

/** tel: links use the international form of the configured UK number (docs/product.md#copy). */
export const telHref = `tel:${config.contactPhone.replace(/[^\d+]/g, '').replace(/^0/, '+44')}`;
export const mailtoHref = `mailto:${config.contactEmail}`;
