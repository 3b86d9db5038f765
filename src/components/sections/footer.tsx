import type { SiteConfig } from '../../config/env';
import { siteConfig } from '../../config/site';
import { telHref } from '../../lib/tel-href';
import { footerColumns, footerCopy, socialLabels } from '../../content/footer';
import { Icon } from '../ui/icon';
import { Wordmark } from '../ui/wordmark';

/** The footer is static HTML (no island): its year is the build's, until the loader's. */
const BUILD_YEAR = new Date().getFullYear();
const linkClass =
  'inline-flex min-h-12 items-center text-muted transition-colors hover:text-ink focus-visible:outline-2 focus-visible:outline-warm';

/** A limited company's registered name, number and office (and VAT number), when configured. */
function CompanyDisclosures({ company }: { company: SiteConfig['company'] }) {
  if (!company) return null;
  return (
    <p data-testid="company-disclosures">
      {footerCopy.company(company.name, company.number, company.registeredOffice)}
      {company.vatNumber && ` ${footerCopy.vatNumber(company.vatNumber)}`}
    </p>
  );
}

export function Footer() {
  const socials = (Object.keys(socialLabels) as (keyof typeof socialLabels)[]).flatMap((key) => {
    const href = siteConfig.social[key];
    return href ? [{ key, href, label: socialLabels[key] }] : [];
  });

  return (
    <footer className="border-t border-line bg-surface px-4 pt-16 pb-10 sm:px-6 lg:px-8">
      {/* From 640 px the link columns share a row under the brand (stacked, a tablet's footer was
          one narrow column a screen and a half long); from 1024 px the brand joins the row. */}
      <div className="mx-auto grid max-w-7xl gap-12 sm:grid-cols-3 lg:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="sm:col-span-3 lg:col-span-1">
          <Wordmark />
          <p className="mt-4 font-semibold text-ink">{footerCopy.tagline}</p>
          <p className="mt-2 max-w-sm text-muted">{footerCopy.description}</p>
          <ul className="mt-6">
            <li>
              <a href={`mailto:${siteConfig.contactEmail}`} className={`${linkClass} gap-2`}>
                <Icon name="mail" className="size-4" />
                {siteConfig.contactEmail}
              </a>
            </li>
            <li>
              <a href={telHref(siteConfig.contactPhone)} className={`${linkClass} gap-2`}>
                <Icon name="phone" className="size-4" />
                {siteConfig.contactPhone}
              </a>
            </li>
          </ul>
          {socials.length > 0 && (
            <ul aria-label={footerCopy.socialHeading} className="mt-4 flex gap-2">
              {socials.map((social) => (
                <li key={social.key}>
                  <a
                    href={social.href}
                    rel="me noopener"
                    aria-label={social.label}
                    className="grid size-12 place-items-center rounded-full border border-line text-muted hover:text-ink"
                  >
                    <Icon name={social.key} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        {footerColumns.map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${column.title}`}>
            <h2 id={`footer-${column.title}`} className="font-semibold text-ink">
              {column.title}
            </h2>
            <ul className="mt-4">
              {column.links.map((link) => (
                <li key={link.label}>
                  <a href={link.href} className={linkClass}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="mx-auto mt-14 max-w-7xl space-y-2 border-t border-line pt-8 text-sm text-muted">
        {/* The build's year, brought up to date in a later one (src/lib/copyright-year.ts). */}
        <p data-copyright-year={BUILD_YEAR}>
          {footerCopy.copyright(BUILD_YEAR, siteConfig.brandName)}
        </p>
        <CompanyDisclosures company={siteConfig.company} />
      </div>
    </footer>
  );
}
