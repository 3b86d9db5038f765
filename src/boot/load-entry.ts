/**
 * Requests the client bundle only once the first contentful paint is on
 * screen (its paint-timing entry arrives after presentation), so it never
 * competes with the HTML and CSS for the first render nor delays the largest
 * paint, which the hero's text makes in that same frame; hydration follows.
 *
 * The build puts this inline at the end of <body> in place of the bundle's
 * <script type="module">, with the bundle's URL in data-entry
 * (scripts/inline-boot-scripts.ts).
 */

/** A safety net: the bundle is requested by then even if no paint entry ever arrives. */
const FALLBACK_MS = 1500;

const entry = (document.currentScript as HTMLScriptElement | null)?.dataset.entry;
let started = false;

function load() {
  if (started || !entry) return;
  started = true;
  const script = document.createElement('script');
  script.type = 'module';
  script.src = entry;
  document.body.appendChild(script);
}

if (
  typeof PerformanceObserver === 'function' &&
  PerformanceObserver.supportedEntryTypes?.includes('paint')
) {
  new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) setTimeout(load);
  }).observe({ type: 'paint', buffered: true });
  setTimeout(load, FALLBACK_MS);
} else {
  // Without paint timing, one frame is waited instead.
  requestAnimationFrame(() => setTimeout(load));
}
