import type { CSSProperties } from 'react';
import type { ServiceOffering } from '../../content/services';
import { hrefTo } from '../../content/navigation';
import { servicesCopy } from '../../content/services';
import { revealProps, type Entrances } from '../../hooks/use-reveal';
import { SERVICE_STAGGER_MS } from '../../config/constants';
import { CtaLink } from '../ui/cta-link';
import { Icon } from '../ui/icon';

interface ServiceCardProps {
  service: ServiceOffering;
  index: number;
  entering: Entrances;
}

export function ServiceCard({ service, index, entering }: ServiceCardProps) {
  const accent = {
    '--card-from': service.gradient[0],
    '--card-to': service.gradient[1],
    '--card-glow': service.glowColor,
  } as CSSProperties;
  const headingId = `service-${index}`;

  return (
    <li {...revealProps(entering, index, SERVICE_STAGGER_MS)} className="flex">
      <article
        aria-labelledby={headingId}
        data-popular={service.popular ? 'true' : undefined}
        style={accent}
        className="group relative flex w-full flex-col rounded-3xl border border-line bg-surface p-6 transition-shadow duration-300 hover:shadow-[0_20px_60px_-20px_var(--card-glow)] data-popular:border-(--card-from) sm:p-8"
      >
        {service.popular && (
          <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-linear-to-r from-warm-from to-warm-to px-4 py-1 text-xs font-bold tracking-wider text-white">
            {servicesCopy.popularBadge}
          </p>
        )}
        <span className="grid size-12 place-items-center rounded-2xl bg-linear-to-br from-(--card-from) to-(--card-to) text-white shadow-lg">
          <Icon name={service.icon} className="size-6" />
        </span>
        <p className="mt-6 text-sm font-semibold text-warm">{service.priceText}</p>
        <h4 id={headingId} className="mt-2 text-xl font-bold tracking-tight text-ink">
          {service.title}
        </h4>
        {service.subtitle && (
          <p className="mt-1 text-sm font-medium text-cool">{service.subtitle}</p>
        )}
        <p className="mt-4 text-muted">{service.description}</p>
        <ul className="mt-6 mb-8 space-y-3">
          {service.features.map((feature) => (
            <li key={feature} className="flex gap-3 text-sm text-ink">
              <Icon name="check" className="mt-0.5 size-4 shrink-0 text-cool" />
              {feature}
            </li>
          ))}
        </ul>
        <CtaLink
          href={hrefTo('contact')}
          variant={service.kind === 'ai' ? 'cool' : service.popular ? 'warm' : 'outline'}
          className="mt-auto w-full"
        >
          {service.ctaText}
        </CtaLink>
      </article>
    </li>
  );
}
