import type { ReactNode } from 'react';
import { siteConfig } from '../../config/site';
import { telHref } from '../../lib/tel-href';
import { contactCopy } from '../../content/contact';
import { SECTION_IDS } from '../../content/navigation';
import { ContactForm } from '../../features/contact/contact-form';
import { Island } from '../../islands/island';
import { Icon, type IconName } from '../ui/icon';
import { SectionHeading } from '../ui/section-heading';

function Detail({ icon, label, children }: { icon: IconName; label: string; children: ReactNode }) {
  return (
    <li className="flex items-center gap-4">
      <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-raised text-warm">
        <Icon name={icon} />
      </span>
      <span>
        <span className="block text-sm text-muted">{label}</span>
        <span className="font-semibold text-ink">{children}</span>
      </span>
    </li>
  );
}

const linkClass = 'inline-flex min-h-12 items-center underline-offset-4 hover:underline';

export function Contact() {
  const labels = contactCopy.detailLabels;
  return (
    <section
      id={SECTION_IDS.contact}
      aria-labelledby="contact-heading"
      className="relative isolate px-4 py-24 sm:px-6 lg:px-8"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_85%_10%,var(--hero-glow-warm),transparent_45%)]"
      />
      <div className="mx-auto grid max-w-7xl gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <SectionHeading
            id="contact-heading"
            eyebrow={contactCopy.eyebrow}
            intro={contactCopy.pitch}
            align="left"
          >
            {contactCopy.heading}
          </SectionHeading>
          <ul className="mt-10 space-y-4">
            <Detail icon="mail" label={labels.email}>
              <a href={`mailto:${siteConfig.contactEmail}`} className={linkClass}>
                {siteConfig.contactEmail}
              </a>
            </Detail>
            <Detail icon="phone" label={labels.phone}>
              <a href={telHref(siteConfig.contactPhone)} className={linkClass}>
                {siteConfig.contactPhone}
              </a>
            </Detail>
            <Detail icon="map-pin" label={labels.location}>
              {contactCopy.location}
            </Detail>
          </ul>
          <ul className="mt-10 grid gap-3 sm:grid-cols-2">
            {contactCopy.sellingPoints.map((point) => (
              <li key={point} className="flex items-center gap-3 font-medium text-ink">
                <Icon name="check" className="size-5 shrink-0 text-cool" />
                {point}
              </li>
            ))}
          </ul>
        </div>

        <div className="rounded-3xl border border-line bg-surface p-6 shadow-2xl shadow-black/10 sm:p-10">
          <h3 id="contact-form-title" className="text-2xl font-bold tracking-tight text-ink">
            {contactCopy.form.title}
          </h3>
          <p className="mt-2 mb-8 text-muted">{contactCopy.form.intro}</p>
          {/* Also on the first scroll, well before the form: a connection lost on the way
              down still finds its code here, and its outbox keeps the message (docs/islands.md). */}
          <Island
            name="contact-form"
            component={ContactForm}
            hydrate={['scroll', 'visible', 'interaction', 'outbox']}
          />
          <aside
            aria-labelledby="emergency-title"
            className="mt-8 flex gap-4 rounded-2xl border border-warm/30 bg-warm/5 p-5"
          >
            <Icon name="alert-triangle" className="size-6 shrink-0 text-warm" />
            <div>
              <h4 id="emergency-title" className="font-bold text-ink">
                {contactCopy.emergency.title}
              </h4>
              <p className="mt-1 text-sm text-muted">
                {contactCopy.emergency.text}{' '}
                <a
                  href={telHref(siteConfig.contactPhone)}
                  className="font-semibold text-ink underline underline-offset-4"
                >
                  {siteConfig.contactPhone}
                </a>
              </p>
            </div>
          </aside>
        </div>
      </div>
    </section>
  );
}
