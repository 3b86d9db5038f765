import { CaseStudies } from './components/sections/case-studies';
import { Contact } from './components/sections/contact';
import { FloatingCta } from './components/sections/floating-cta';
import { Footer } from './components/sections/footer';
import { Hero } from './components/sections/hero';
import { Navbar } from './components/sections/navbar';
import { Partners } from './components/sections/partners';
import { PrivacyDialog } from './components/sections/privacy-dialog';
import { Services } from './components/sections/services';
import { LoadingOverlay } from './components/ui/loading-overlay';
import { skipLinkClass } from './components/ui/skip-link-styles';
import { navCopy } from './content/navigation';
import { Island } from './islands/island';

/**
 * The page, section by section in the order of docs/product.md#sections,
 * rendered once at build time. Only the islands hydrate in the browser, each
 * when it is needed (docs/islands.md); every other section stays HTML.
 */
export function App() {
  return (
    <>
      <LoadingOverlay />
      <a href="#main" className={skipLinkClass}>
        {navCopy.skipLink}
      </a>
      <Island name="nav" component={Navbar} hydrate={['scroll']} />
      <main id="main" tabIndex={-1} className="outline-none">
        <Hero />
        {/* Its reveal answers scrolling; on a tall screen it may show at load, with nothing to reveal. */}
        <Island name="services" component={Services} hydrate={['scroll']} />
        <Partners />
        <Island name="case-studies" component={CaseStudies} hydrate={['visible']} />
        <Contact />
      </main>
      <Footer />
      <Island name="floating-cta" component={FloatingCta} hydrate={['scroll']} />
      <Island name="privacy" component={PrivacyDialog} hydrate={['linked']} />
    </>
  );
}
