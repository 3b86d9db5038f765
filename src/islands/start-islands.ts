import { readPending } from '../features/contact/pending-submission';
import { DARK_QUERY } from '../features/theme/theme-choice';
import { HYDRATED_ATTRIBUTE } from '../lib/hydration-marker';
import { answerFirstTap } from './first-answers';
import type { Hydrating } from './hydrate-island';
import { ISLANDS, type IslandName } from './islands';
import { ISLAND_ATTRIBUTE, TRIGGER_ATTRIBUTE, type Trigger } from './markers';
import { holdClick } from './held-clicks';
import { nameThemeControls } from './theme-controls';

/**
 * The page's only first-view script: it finds the islands' markers
 * (src/islands/island.tsx), arms each one's triggers, and hydrates an island
 * when one fires. A click that lands on an island's control before the island
 * has hydrated is held, hydrates that island, and is replayed once it has: the
 * first tap is never lost (docs/islands.md). A tap that can be answered without
 * React (./first-answers.ts) is answered at once instead, and the island adopts it.
 */

/** Events that say the visitor is about to use an island: each starts its hydration. */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'mouseover', 'focusin', 'keydown'] as const;

/**
 * How far below the screen a "visible" island starts hydrating: far enough that
 * a section's reveal is armed before it shows, near enough that nothing below
 * the first screen hydrates at load.
 */
const VISIBLE_MARGIN = '0px 0px 25% 0px';

/** What a held click replays on: a control React answers, or a link to a linked island. */
const CONTROL = 'button, [role="button"], input[type="submit"]';
/**
 * A link in a dialog opened before its island hydrated (./first-answers.ts):
 * the island's handler closes the dialog as the link is followed.
 */
const IN_OPEN_DIALOG = 'dialog[open] a[href]';

interface Island {
  name: IslandName;
  container: HTMLElement;
  triggers: Set<Trigger>;
  started?: Promise<Hydrating>;
  hydrated?: Promise<void>;
  done?: boolean;
  failed?: boolean;
}

export function startIslands(): void {
  const islands = [...document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)].map(
    (container): Island => ({
      name: container.getAttribute(ISLAND_ATTRIBUTE) as IslandName,
      container,
      triggers: new Set(
        (container.getAttribute(TRIGGER_ATTRIBUTE) ?? '').split(' ').filter(Boolean) as Trigger[],
      ),
    }),
  );

  // The theme controls say what the page shows, now and as the system changes (after the
  // before-paint script, registered first, has applied it).
  nameThemeControls();
  matchMedia(DARK_QUERY).addEventListener('change', nameThemeControls);

  const dueAtLoad: Promise<unknown>[] = [];
  for (const island of islands) {
    const wake = () => void hydrate(island).catch(reportError);
    if (island.triggers.has('interaction')) {
      for (const type of INTENT_EVENTS) {
        island.container.addEventListener(type, wake, { once: true, passive: true });
      }
    }
    if (island.triggers.has('scroll')) {
      window.addEventListener('scroll', wake, { once: true, passive: true });
    }
    if (island.triggers.has('visible')) dueAtLoad.push(whenVisible(island));
    if (island.triggers.has('linked') && namedByUrl(island)) dueAtLoad.push(hydrate(island));
    if (island.triggers.has('outbox') && readPending()) dueAtLoad.push(hydrate(island));
  }

  const linkedIslandOf = (link: HTMLAnchorElement) =>
    islands.find((island) => island.triggers.has('linked') && holdsFragment(island, link.hash));
  window.addEventListener('hashchange', () =>
    islands.filter(namedByUrl).forEach((island) => void hydrate(island).catch(reportError)),
  );
  // Capturing on window, first of all listeners: a held click reaches nothing else.
  window.addEventListener(
    'click',
    (event) => {
      if (!event.isTrusted || !(event.target instanceof Element)) return;
      const link = event.target.closest<HTMLAnchorElement>('a[href^="#"]');
      const control =
        event.target.closest<HTMLElement>(CONTROL) ??
        event.target.closest<HTMLElement>(IN_OPEN_DIALOG);
      const linked = link && linkedIslandOf(link);
      const island =
        linked || (control && islands.find((candidate) => candidate.container.contains(control)));
      const target = linked ? link : control;
      if (!island || !target || island.done) return;
      if (answerFirstTap(target)) {
        event.preventDefault();
        event.stopPropagation();
        // Answered in this frame, even if the island's code could not load; the island
        // hydrates once that frame is painted, and adopts it.
        if (!island.failed) afterNextPaint(() => void hydrate(island).catch(reportError));
        return;
      }
      // The code failed to load while online: the browser does what it does without script.
      if (island.failed && navigator.onLine) return;
      event.preventDefault();
      event.stopPropagation();
      // A control inside the island is replayed as soon as React can take it (see Hydrating);
      // a link to a linked island once that island listens.
      holdClick(
        target,
        linked ? () => hydrate(island) : () => start(island).then((h) => h.replayable()),
      );
    },
    { capture: true },
  );
  // Code that failed to load offline is tried again when the connection returns: a form on a
  // static host, whose button waits for its island, is then usable without a reload.
  window.addEventListener('online', () =>
    islands
      .filter((island) => island.failed)
      .forEach((island) => void hydrate(island).catch(reportError)),
  );

  Promise.all(dueAtLoad).then(
    () => document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, ''),
    reportError,
  );
}

/**
 * Loads the island's code and react-dom, and begins hydration. A load that
 * failed is tried again on the next call.
 */
function start(island: Island): Promise<Hydrating> {
  island.started ??= Promise.all([import('./hydrate-island'), ISLANDS[island.name]()]).then(
    ([{ hydrateIsland }, component]) => hydrateIsland(island.container, island.name, component),
    (error: unknown) => {
      island.started = undefined;
      throw error;
    },
  );
  return island.started;
}

function hydrate(island: Island): Promise<void> {
  island.hydrated ??= start(island)
    .then((hydrating) => hydrating.hydrated)
    .then(
      () => {
        island.done = true;
        island.failed = false;
        island.container.setAttribute(HYDRATED_ATTRIBUTE, '');
      },
      (error: unknown) => {
        island.failed = true;
        island.hydrated = undefined;
        throw error;
      },
    );
  return island.hydrated;
}

/**
 * Hydrates the island once its content nears the screen. Resolves after the
 * first observation: with the hydration when the island is on screen at load.
 */
function whenVisible(island: Island): Promise<unknown> {
  // The marker takes no room (display: contents): its content is what shows.
  const content = island.container.firstElementChild;
  if (!content || !('IntersectionObserver' in window)) return hydrate(island);
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          resolve(hydrate(island));
        } else resolve(undefined);
      },
      { rootMargin: VISIBLE_MARGIN },
    );
    observer.observe(content);
  });
}

function holdsFragment(island: Island, hash: string): boolean {
  const id = decodeURIComponent(hash.slice(1));
  return id !== '' && island.container.querySelector(`[id="${CSS.escape(id)}"]`) !== null;
}

function namedByUrl(island: Island): boolean {
  return island.triggers.has('linked') && holdsFragment(island, window.location.hash);
}

/** Runs `task` once the next frame has been painted. */
function afterNextPaint(task: () => void) {
  requestAnimationFrame(() => setTimeout(task));
}
