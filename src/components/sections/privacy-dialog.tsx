import { useEffect, useRef, type KeyboardEvent } from 'react';
import { siteConfig } from '../../config/site';
import { telHref } from '../../lib/tel-href';
import { hrefTo, SECTION_IDS } from '../../content/navigation';
import { privacyCopy } from '../../content/privacy';
import { trapTab } from '../../lib/focus-trap';
import { buttonClass } from '../ui/button-styles';
import { Icon } from '../ui/icon';

/**
 * The privacy notice as an in-page modal dialog. Every link to #privacy opens
 * it (one delegated listener), and so does arriving with #privacy in the URL.
 */
export function PrivacyDialog() {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const open = () => {
      if (!ref.current?.open) ref.current?.showModal();
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.(`a[href="${hrefTo('privacy')}"]`);
      if (!link) return;
      event.preventDefault();
      open();
    };
    document.addEventListener('click', onClick);
    if (window.location.hash === hrefTo('privacy')) open();
    return () => document.removeEventListener('click', onClick);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (ref.current) trapTab(event, ref.current);
  };

  return (
    <dialog
      ref={ref}
      id={SECTION_IDS.privacy}
      aria-labelledby="privacy-title"
      onKeyDown={onKeyDown}
      className="m-auto max-h-[min(90dvh,48rem)] w-[min(100%-2rem,42rem)] overflow-y-auto rounded-3xl border border-line bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/60 backdrop:backdrop-blur-sm"
    >
      <div className="sticky top-0 flex items-center justify-between border-b border-line bg-surface px-6 py-3 sm:px-8">
        <h2 id="privacy-title" className="text-xl font-bold tracking-tight">
          {privacyCopy.title}
        </h2>
        <button
          type="button"
          onClick={() => ref.current?.close()}
          aria-label={privacyCopy.close}
          className={buttonClass('ghost', 'needs-js', 'icon')}
        >
          <Icon name="x" />
        </button>
        {/* Without scripts: leaving the notice's fragment hides it, back by the form that links it. */}
        <a
          href={hrefTo('contact')}
          aria-label={privacyCopy.close}
          className={buttonClass('ghost', 'without-js', 'icon')}
        >
          <Icon name="x" />
        </a>
      </div>
      <div className="space-y-6 px-6 py-6 sm:px-8">
        {privacyCopy
          .sections(
            {
              brand: siteConfig.brandName,
              email: siteConfig.contactEmail,
              phone: siteConfig.contactPhone,
              company: siteConfig.company,
            },
            siteConfig.retentionMonths,
          )
          .map((section) => (
            <section key={section.heading}>
              <h3 className="font-semibold">{section.heading}</h3>
              <p className="mt-1 text-muted">{section.body}</p>
            </section>
          ))}
        <p className="text-muted">
          {privacyCopy.deletionLead}{' '}
          <a
            href={`mailto:${siteConfig.contactEmail}`}
            className="font-semibold text-ink underline underline-offset-4"
          >
            {siteConfig.contactEmail}
          </a>{' '}
          {privacyCopy.deletionOr}{' '}
          <a
            href={telHref(siteConfig.contactPhone)}
            className="font-semibold text-ink underline underline-offset-4"
          >
            {siteConfig.contactPhone}
          </a>
          .
        </p>
      </div>
    </dialog>
  );
}
