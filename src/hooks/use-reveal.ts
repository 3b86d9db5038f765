import { type RefObject, useEffect, useState } from 'react';
import { REVEAL_ROOT_MARGIN, REVEAL_THRESHOLD } from '../config/constants';
import { prefersReducedMotion } from './use-media-query';

/**
 * `static`: as prerendered, fully visible (no script yet, reduced motion, or
 * already on screen when the page woke up). `waiting`: hidden until the section
 * is REVEAL_THRESHOLD visible. `shown`: revealed, with each item's stagger.
 */
export type RevealPhase = 'static' | 'waiting' | 'shown';

function isAlreadyVisible(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  const visible = Math.min(rect.bottom, window.innerHeight) - Math.max(rect.top, 0);
  return visible > 0 && visible >= Math.min(rect.height, window.innerHeight) * REVEAL_THRESHOLD;
}

export function useReveal(ref: RefObject<Element | null>): RevealPhase {
  const [phase, setPhase] = useState<RevealPhase>('static');

  useEffect(() => {
    const element = ref.current;
    if (!element || !('IntersectionObserver' in window)) return;
    if (prefersReducedMotion() || isAlreadyVisible(element)) return;

    setPhase('waiting');
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setPhase('shown');
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD, rootMargin: REVEAL_ROOT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);

  return phase;
}

/** Props for the i-th item of a staggered reveal. */
export function revealProps(phase: RevealPhase, index: number, staggerMs: number) {
  return {
    'data-reveal': phase,
    style: { transitionDelay: phase === 'shown' ? `${index * staggerMs}ms` : undefined },
  };
}
