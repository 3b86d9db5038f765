import { loadEnv } from 'vite';
import { parseSiteEnv } from '../../src/config/env';

/**
 * The build's configuration, read as vite.config.ts reads it for `npm run build`
 * (.env files for the production mode, then the environment over them), so the
 * tests expect whatever brand and contact details this build was made with.
 */
export const config = parseSiteEnv({
  ...loadEnv('production', process.cwd(), 'VITE_'),
  ...process.env,
});

/** tel: links use the international form of the configured UK number (docs/product.md#copy). */
export const telHref = `tel:${config.contactPhone.replace(/[^\d+]/g, '').replace(/^0/, '+44')}`;
export const mailtoHref = `mailto:${config.contactEmail}`;
