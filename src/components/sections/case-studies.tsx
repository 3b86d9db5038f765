import { useRef, useState } from 'react';
import { caseStudies, caseStudiesCopy } from '../../content/case-studies';
import { SECTION_IDS } from '../../content/navigation';
import { useHydrated } from '../../hooks/use-hydrated';
import { useReveal } from '../../hooks/use-reveal';
import { CtaLink } from '../ui/cta-link';
import { SectionHeading } from '../ui/section-heading';
import { CaseStudyCard } from './case-study-card';

/**
 * docs/product.md#ruling-flip: a card's button toggles that card, and turning one card to its
 * back turns every other card to its front, so at most one back shows.
 */
function nextFlipped(current: number | null, toggled: number): number | null {
  return current === toggled ? null : toggled;
}

export function CaseStudies() {
  const ref = useRef<HTMLElement>(null);
  const entering = useReveal(ref);
  const interactive = useHydrated();
  const [flipped, setFlipped] = useState<number | null>(null);

  return (
    <section
      ref={ref}
      id={SECTION_IDS.caseStudies}
      aria-labelledby="case-studies-heading"
      className="px-4 py-24 sm:px-6 lg:px-8"
    >
      <div className="mx-auto max-w-7xl">
        <SectionHeading id="case-studies-heading" intro={caseStudiesCopy.intro}>
          {caseStudiesCopy.heading}
        </SectionHeading>
        <ul className="mt-14 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {caseStudies.map((study, index) => (
            <CaseStudyCard
              key={study.title}
              study={study}
              index={index}
              entering={entering}
              flipped={flipped === index}
              interactive={interactive}
              onToggle={() => setFlipped((current) => nextFlipped(current, index))}
            />
          ))}
        </ul>
        <div className="mt-14 text-center">
          <CtaLink href={caseStudiesCopy.closingCta.href}>
            {caseStudiesCopy.closingCta.label}
          </CtaLink>
        </div>
      </div>
    </section>
  );
}
