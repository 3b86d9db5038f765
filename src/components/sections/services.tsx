import { useRef } from 'react';
import { SECTION_IDS } from '../../content/navigation';
import { services, servicesCopy, type ServiceOffering } from '../../content/services';
import { useReveal, type Entrances } from '../../hooks/use-reveal';
import { CtaLink } from '../ui/cta-link';
import { SectionHeading } from '../ui/section-heading';
import { ServiceCard } from './service-card';

const websites = services.filter((service) => service.kind === 'website');
const aiTools = services.filter((service) => service.kind === 'ai');

function CardGroup(props: {
  id: string;
  title: string;
  items: ServiceOffering[];
  offset: number;
  entering: Entrances;
  columns: string;
}) {
  return (
    <div className="mt-16">
      <h3
        id={props.id}
        className="text-center text-2xl font-bold tracking-tight text-ink sm:text-3xl"
      >
        {props.title}
      </h3>
      <ul aria-labelledby={props.id} className={`mt-10 grid gap-6 ${props.columns}`}>
        {props.items.map((service, index) => (
          <ServiceCard
            key={service.title}
            service={service}
            index={props.offset + index}
            entering={props.entering}
          />
        ))}
      </ul>
    </div>
  );
}

export function Services() {
  const ref = useRef<HTMLElement>(null);
  const entering = useReveal(ref);

  return (
    <section
      ref={ref}
      id={SECTION_IDS.services}
      aria-labelledby="services-heading"
      className="px-4 py-24 sm:px-6 lg:px-8"
    >
      <div className="mx-auto max-w-7xl">
        <SectionHeading id="services-heading" intro={servicesCopy.intro}>
          {servicesCopy.heading}
        </SectionHeading>
        <CardGroup
          id="services-websites"
          title={servicesCopy.websiteHeading}
          items={websites}
          offset={0}
          entering={entering}
          columns="md:grid-cols-2 lg:grid-cols-3"
        />
        <CardGroup
          id="services-ai"
          title={servicesCopy.aiHeading}
          items={aiTools}
          offset={websites.length}
          entering={entering}
          columns="mx-auto max-w-5xl md:grid-cols-2"
        />
        <div className="mt-16 text-center">
          <CtaLink href={servicesCopy.closingCta.href}>{servicesCopy.closingCta.label}</CtaLink>
        </div>
      </div>
    </section>
  );
}
