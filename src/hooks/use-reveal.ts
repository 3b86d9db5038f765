import { type RefObject, useEffect, useState } from 'react';
import { REVEAL_ROOT_MARGIN, REVEAL_THRESHOLD } from '../config/constants';
import { prefersReducedMotion } from '../lib/prefers-reduced-motion';

/**
 * A section's card reveal (docs/product.md#ruling-reveal). At rest every card is
 * drawn, as prerendered: nothing waits invisible, so whatever draws the page
 * without scrolling it (a full-page screenshot, a short landscape screen that
 * never shows 20% of a tall section) still shows every card. Once the section is
 * REVEAL_THRESHOLD in view, the cards still below the fold make their entrance
 * one after another; a card already on screen is never taken away to be shown
 * again.
 *
 * Returns the cards making an entrance.
 */
export function useReveal(ref: RefObject<Element | null>): Entrances {
  const [entering, setEntering] = useState<Entrances>([]);

  useEffect(() => {
    const section = ref.current;
    if (!section || !('IntersectionObserver' in window) || prefersReducedMotion()) return;

    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.intersectionRatio >= REVEAL_THRESHOLD)) return;
        observer.disconnect();
        const cards = [...section.querySelectorAll('[data-reveal]')];
        setEntering(
          cards.flatMap((card, index) =>
            card.getBoundingClientRect().top >= window.innerHeight ? [index] : [],
          ),
        );
      },
      { threshold: REVEAL_THRESHOLD, rootMargin: REVEAL_ROOT_MARGIN },
    );
    observer.observe(section);
    return () => observer.disconnect();
  }, [ref]);

  return entering;
}

/** The indices of a section's cards making an entrance, in document order. */
export type Entrances = readonly number[];

/** Props for the card at `index`: the n-th card to make an entrance starts n × `staggerMs` late. */
export function revealProps(entering: Entrances, index: number, staggerMs: number) {
  const turn = entering.indexOf(index);
  return {
    'data-reveal': turn < 0 ? 'resting' : 'entering',
    style: { animationDelay: turn < 0 ? undefined : `${turn * staggerMs}ms` },
  };
}
