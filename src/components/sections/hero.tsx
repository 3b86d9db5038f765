import type { CSSProperties } from 'react';
import { HERO_REVEAL_DELAY_MS } from '../../config/constants';
import { hero } from '../../content/hero';
import { SECTION_IDS } from '../../content/navigation';
import { CtaLink } from '../ui/cta-link';
import { DashKept } from '../ui/dash-kept';
import { Icon } from '../ui/icon';

interface Dot {
  /** CSS offset from the top (even dots) or the bottom (odd dots) of the hero. */
  vertical: { top: string } | { bottom: string };
  left: number;
  size: number;
}

/** Space between the fixed nav (72 px) and the headline, and the hero's bottom padding. */
const DOT_BAND_PX = { topFrom: 80, bottomFrom: 12, height: 40 } as const;

/**
 * Random positions, drawn when the page is prerendered: the hero is static HTML
 * (no island), so nothing redraws them in the browser. They keep to the bands
 * above and below the copy so a dot never lands between the letters of a word
 * or on the nav.
 */
function randomDots(count: number): Dot[] {
  const offset = (from: number) => `${from + Math.round(Math.random() * DOT_BAND_PX.height)}px`;
  return Array.from({ length: count }, (_, index) => ({
    vertical:
      index % 2 === 0
        ? { top: offset(DOT_BAND_PX.topFrom) }
        : { bottom: offset(DOT_BAND_PX.bottomFrom) },
    left: 2 + Math.random() * 96,
    size: 4 + Math.random() * 6,
  }));
}

/** Drawn once, when the build loads this module to prerender the page. */
const dots = randomDots(hero.dotCount);

export function Hero() {
  const reveal = { '--hero-delay': `${HERO_REVEAL_DELAY_MS}ms` } as CSSProperties;

  return (
    <section
      id={SECTION_IDS.hero}
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden px-4 pt-32 pb-20 sm:px-6 sm:pt-40 sm:pb-28 lg:px-8"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_15%_10%,var(--hero-glow-warm),transparent_55%),radial-gradient(ellipse_at_90%_60%,var(--hero-glow-cool),transparent_50%)]"
      />
      <div aria-hidden="true" data-testid="hero-dots" className="absolute inset-0 -z-10">
        {dots.map((dot, index) => (
          <span
            key={index}
            className="absolute rounded-full bg-warm/60 motion-safe:animate-pulse"
            style={{ ...dot.vertical, left: `${dot.left}%`, width: dot.size, height: dot.size }}
          />
        ))}
      </div>

      <div
        className="mx-auto grid max-w-7xl items-center gap-12 lg:grid-cols-[1.25fr_1fr]"
        style={reveal}
        data-testid="hero-content"
      >
        <div className="hero-settle">
          <h1
            id="hero-heading"
            className="text-4xl leading-[1.05] font-extrabold tracking-tight text-balance text-ink sm:text-6xl lg:text-7xl"
          >
            {hero.headline}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-pretty text-muted sm:text-xl">
            {hero.paragraph}
          </p>
          {/* Wrapping: in the two-column hero just above 1024 px the pair is wider than its
              column, and each label broke onto two lines rather than the second button moving down. */}
          <div className="hero-reveal mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <CtaLink href={hero.primaryCta.href}>
              {hero.primaryCta.label}
              <Icon name="arrow-right" />
            </CtaLink>
            <CtaLink href={hero.secondaryCta.href} variant="outline">
              {hero.secondaryCta.label}
            </CtaLink>
          </div>
        </div>

        {/*
          No backdrop blur: a phone without a GPU for it blurs what is behind the card on the CPU for
          every frame that changes it, and the theme toggle's frame waited on that (a trace at 4× CPU:
          most of its 200 ms). A card a little more opaque reads the same over the soft glow behind it.
        */}
        <aside
          aria-labelledby="hero-card-title"
          className="hero-reveal relative rounded-3xl border border-line bg-surface/90 p-6 shadow-2xl shadow-black/10 sm:p-8"
        >
          <div
            aria-hidden="true"
            className="absolute inset-x-8 -top-px h-px bg-linear-to-r from-transparent via-warm to-transparent"
          />
          <p className="inline-flex items-center gap-2 rounded-full bg-warm/10 px-3 py-1 text-sm font-semibold text-warm">
            <Icon name="alert-triangle" className="size-4" />
            {hero.card.badge}
          </p>
          <h2 id="hero-card-title" className="mt-4 text-2xl font-bold tracking-tight text-ink">
            {hero.card.title}
          </h2>
          <p className="mt-3 text-muted">{hero.card.claim}</p>
          <CtaLink href={hero.card.cta.href} className="mt-6 w-full text-center">
            <DashKept text={hero.card.cta.label} />
          </CtaLink>
          <ul className="mt-6 grid grid-cols-2 gap-3">
            {hero.card.promises.map((promise) => (
              <li key={promise} className="flex items-center gap-2 text-sm font-medium text-ink">
                <Icon name="check" className="size-4 text-cool" />
                {promise}
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}
