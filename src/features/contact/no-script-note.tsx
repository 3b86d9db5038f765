import { siteConfig } from '../../config/site';
import { nativeFormPageCopy } from '../../../shared/copy/native-form-pages';
import { telHref } from '../../lib/tel-href';

/** A static host cannot take a native POST: without a script, point to email and phone instead. */
export function NoScriptNote() {
  const linkClass = 'font-semibold text-ink underline underline-offset-4';
  return (
    <noscript>
      <p role="note" className="rounded-xl border border-warm/40 bg-warm/5 p-4 text-sm text-ink">
        {nativeFormPageCopy.noScript}{' '}
        <a href={`mailto:${siteConfig.contactEmail}`} className={linkClass}>
          {siteConfig.contactEmail}
        </a>{' '}
        {nativeFormPageCopy.or}{' '}
        <a href={telHref(siteConfig.contactPhone)} className={linkClass}>
          {siteConfig.contactPhone}
        </a>
      </p>
    </noscript>
  );
}
