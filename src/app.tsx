import { Suspense, useEffect, useId, type ReactNode } from 'react';
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
import { Toaster } from './features/toasts/toaster';
import { navCopy } from './content/navigation';
import { islandHydrated, islandInShell, shellHydrated } from './lib/hydration-marker';

/**
 * A Suspense boundary per section lets React hydrate the page in small tasks,
 * yielding to the browser between sections, instead of one long task that
 * would block a visitor's first tap. Nothing suspends; the fallback never shows.
 */
function Island({ children }: { children: ReactNode }) {
  const id = useId();
  useEffect(() => islandInShell(id), [id]);
  return (
    <Suspense fallback={null}>
      <Hydrated island={id} />
      {children}
    </Suspense>
  );
}

/** Draws nothing; its effect says its island has hydrated (src/lib/hydration-marker.ts). */
function Hydrated({ island }: { island: string }) {
  useEffect(() => islandHydrated(island), [island]);
  return null;
}

/** The page, section by section in the order of docs/product.md#sections. */
export function App() {
  useEffect(shellHydrated, []);
  return (
    <>
      <LoadingOverlay />
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-surface px-4 py-3 font-semibold text-ink focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {navCopy.skipLink}
      </a>
      <Island>
        <Navbar />
      </Island>
      <main id="main" tabIndex={-1} className="outline-none">
        <Island>
          <Hero />
        </Island>
        <Island>
          <Services />
        </Island>
        <Island>
          <Partners />
        </Island>
        <Island>
          <CaseStudies />
        </Island>
        <Island>
          <Contact />
        </Island>
      </main>
      <Island>
        <Footer />
      </Island>
      <Island>
        <FloatingCta />
      </Island>
      <Island>
        <PrivacyDialog />
      </Island>
      <Toaster />
    </>
  );
}
