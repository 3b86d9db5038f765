import { siteConfig } from '../../config/site';
import { NAV_SCROLL_THRESHOLD_PX } from '../../config/constants';
import { hrefTo, navCopy, navLinks } from '../../content/navigation';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import { useScrolled } from '../../hooks/use-scrolled';
import { CtaLink } from '../ui/cta-link';
import { Wordmark } from '../ui/wordmark';
import { MobileMenu } from './mobile-menu';

export function Navbar() {
  const scrolled = useScrolled(NAV_SCROLL_THRESHOLD_PX);
  return (
    <header
      data-scrolled={scrolled}
      className="fixed inset-x-0 top-0 z-40 print:static border-b border-transparent transition-[background-color,border-color,backdrop-filter] duration-300 data-[scrolled=true]:border-line data-[scrolled=true]:bg-(--nav-glass) data-[scrolled=true]:backdrop-blur-md"
    >
      <nav
        aria-label="Main"
        className="mx-auto flex h-18 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8"
      >
        <a
          href={hrefTo('hero')}
          aria-label={`${siteConfig.brandName}, ${navCopy.homeLabel}`}
          className="inline-flex min-h-12 items-center rounded-lg focus-visible:outline-2 focus-visible:outline-warm"
        >
          <Wordmark />
        </a>
        <ul className="hidden items-center gap-1 lg:flex">
          {navLinks.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                className="inline-flex min-h-12 items-center rounded-lg px-4 font-medium text-muted transition-colors hover:text-ink focus-visible:outline-2 focus-visible:outline-warm"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-2 lg:flex print:hidden">
          <ThemeToggle />
          <CtaLink href={hrefTo('contact')}>{navCopy.desktopCta}</CtaLink>
        </div>
        <MobileMenu />
      </nav>
    </header>
  );
}
