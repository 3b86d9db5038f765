import type { CSSProperties } from 'react';
import { MARQUEE_LOOP_S } from '../../config/constants';
import { partners, partnersCopy, type PartnerLogo } from '../../content/partners';

/**
 * Moving, the logos are spaced wide, with the gap again after the last so the loop's seam matches.
 * Only while they move: standing still, the second copy is not drawn (styles.css) and the first
 * takes the rows below.
 */
const MARQUEE_SPACING =
  'motion-safe:gap-12 motion-safe:pr-12 sm:motion-safe:gap-16 sm:motion-safe:pr-16';
/** Standing still, centred rows, close enough that all seven make one row at 1280 px. */
const STANDING_STILL =
  'motion-reduce:w-full motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:gap-x-10 motion-reduce:gap-y-6 motion-reduce:px-6';

function LogoList({ items, copy }: { items: PartnerLogo[]; copy: boolean }) {
  return (
    <ul
      className={`flex shrink-0 items-center ${MARQUEE_SPACING} ${copy ? 'marquee-copy' : STANDING_STILL}`}
      aria-hidden={copy || undefined}
    >
      {items.map((partner) => (
        <li key={partner.name} className="flex items-center gap-3 text-muted">
          <img
            src={partner.logoUrl}
            alt={copy ? '' : partner.alt}
            width={32}
            height={32}
            loading="lazy"
            decoding="async"
            className="size-8 opacity-80"
          />
          {/* The image's alt already names it: read once, not "WordPress logo, WordPress". */}
          <span aria-hidden="true" className="text-lg font-semibold whitespace-nowrap">
            {partner.name}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The logo strip: the list twice side by side, slid left by one list's width, loops seamlessly. */
export function Partners() {
  const loop = { '--marquee-duration': `${MARQUEE_LOOP_S}s` } as CSSProperties;
  return (
    <section
      aria-labelledby="partners-heading"
      className="border-y border-line bg-surface/50 py-16"
    >
      <div className="mx-auto max-w-3xl px-4 text-center">
        <h2
          id="partners-heading"
          className="text-2xl font-bold tracking-tight text-ink sm:text-3xl"
        >
          {partnersCopy.heading}
        </h2>
        <p className="mt-3 text-muted">{partnersCopy.subtext}</p>
      </div>
      <div className="marquee-mask mt-10 overflow-hidden">
        <div
          className="marquee-track flex w-max motion-reduce:w-full"
          style={loop}
          data-testid="marquee"
        >
          <LogoList items={partners} copy={false} />
          <LogoList items={partners} copy />
        </div>
      </div>
    </section>
  );
}
