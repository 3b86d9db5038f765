import { useEffect, useState } from 'react';
import { hrefTo, navCopy, SECTION_IDS } from '../../content/navigation';
import { CtaLink } from '../ui/cta-link';
import { Icon } from '../ui/icon';

/**
 * The overlay of docs/product.md#ruling-floating-cta: bottom-left (toasts own bottom-right); shown once
 * the hero has left the screen, hidden while the contact section is on it.
 */
export function FloatingCta() {
  const [heroVisible, setHeroVisible] = useState(true);
  const [contactVisible, setContactVisible] = useState(false);

  useEffect(() => {
    const hero = document.getElementById(SECTION_IDS.hero);
    const contact = document.getElementById(SECTION_IDS.contact);
    if (!hero || !contact || !('IntersectionObserver' in window)) return;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.target === hero) setHeroVisible(entry.isIntersecting);
        if (entry.target === contact) setContactVisible(entry.isIntersecting);
      }
    });
    observer.observe(hero);
    observer.observe(contact);
    return () => observer.disconnect();
  }, []);

  const visible = !heroVisible && !contactVisible;
  return (
    <div
      data-visible={visible}
      inert={!visible}
      className="fixed bottom-6 left-4 z-30 transition-[opacity,transform] duration-300 data-[visible=false]:pointer-events-none data-[visible=false]:translate-y-4 data-[visible=false]:opacity-0 sm:left-8"
    >
      <CtaLink href={hrefTo('contact')} className="shadow-2xl">
        {navCopy.floatingCta}
        <Icon name="arrow-right" />
      </CtaLink>
    </div>
  );
}
