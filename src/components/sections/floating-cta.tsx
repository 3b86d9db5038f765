import { useEffect, useRef, useState } from 'react';
import { FLOATING_CTA_SCROLL_SLACK_PX } from '../../config/constants';
import { hrefTo, navCopy, SECTION_IDS } from '../../content/navigation';
import { useCoversControl } from '../../hooks/use-covers-control';
import { useScrollingUp } from '../../hooks/use-scrolling-up';
import { CtaLink } from '../ui/cta-link';
import { Icon } from '../ui/icon';

/**
 * The page's one overlay (docs/product.md#ruling-floating-cta): bottom-left, since toasts own
 * bottom-right. It never sits over what the visitor is reading: it shows only
 * while they scroll back up (reading goes down), only once the hero has left
 * the screen, and never again once the contact section has been reached, so
 * the form, the footer and the copyright line are never under it. Nor does it
 * show over a link, button or field, whose tap it would take.
 */
export function FloatingCta() {
  const [heroVisible, setHeroVisible] = useState(true);
  const [contactReached, setContactReached] = useState(false);
  const scrollingUp = useScrollingUp(FLOATING_CTA_SCROLL_SLACK_PX);
  const spot = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const hero = document.getElementById(SECTION_IDS.hero);
    const contact = document.getElementById(SECTION_IDS.contact);
    if (!hero || !contact || !('IntersectionObserver' in window)) return;
    const observer = new IntersectionObserver(([entry]) => setHeroVisible(entry!.isIntersecting));
    observer.observe(hero);
    // Measured on each scroll, not observed: a jump (End key, an anchor) can carry the
    // contact section from below the screen to above it without ever intersecting.
    const onScroll = () =>
      setContactReached(contact.getBoundingClientRect().top < window.innerHeight);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  const wanted = scrollingUp && !heroVisible && !contactReached;
  const covers = useCoversControl(spot, wanted);
  const visible = wanted && !covers;
  return (
    <div
      ref={spot}
      data-visible={visible}
      inert={!visible}
      className="fixed bottom-6 left-4 z-30 transition-[opacity,transform] duration-300 data-[visible=false]:pointer-events-none data-[visible=false]:translate-y-4 data-[visible=false]:opacity-0 sm:left-8 print:hidden"
    >
      <CtaLink href={hrefTo('contact')} className="shadow-2xl">
        {navCopy.floatingCta}
        <Icon name="arrow-right" />
      </CtaLink>
    </div>
  );
}
