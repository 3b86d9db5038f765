// An ordering trick, kept because a benchmark shows it pays: Error stacks are
// off while React's modules first run (src/lib/boot-error-stacks.ts says why).
// With DevTools attached, as bench/lighthouse runs the page, that removed 25–60 ms
// from one main-thread task, the largest part of Lighthouse's blocking time; a
// visitor without DevTools neither pays nor gains. The order of these imports
// is the order the modules run in: keep React's two between the pair.
import './lib/boot-error-stacks';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import './lib/boot-error-stacks-end';
import { App } from './app';
import { loadLazyImagesForPrint } from './lib/eager-for-print';
import './styles.css';

loadLazyImagesForPrint();

// Hydrating inside a transition lets React work in slices of a few
// milliseconds and yield between them; in the default lane it hydrates in long
// tasks that would block a visitor's first tap (Lighthouse TBT 410 → 150 ms).
// React still replays a click that lands on a part not yet hydrated (selective hydration).
startTransition(() => {
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
