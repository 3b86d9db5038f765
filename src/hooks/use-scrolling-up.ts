import { useEffect, useState } from 'react';

/**
 * True while the visitor's latest scroll went up by more than `slackPx`, false
 * once it goes down by more than that. Reading goes down the page; going back
 * up is looking for something. Small jitters (a thumb resting on the glass)
 * change nothing.
 */
export function useScrollingUp(slackPx: number): boolean {
  const [up, setUp] = useState(false);

  useEffect(() => {
    let anchor = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - anchor) <= slackPx) return;
      setUp(y < anchor);
      anchor = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [slackPx]);

  return up;
}
