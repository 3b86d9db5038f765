/**
 * Functions that run inside the page under test. Each is sent as source text,
 * so it must use nothing from outside its own body.
 */

/** The control whose <label> reads `label` (the required asterisk aside). */
export function labelledControl(label: string): Element | null {
  for (const element of document.querySelectorAll('label')) {
    if (element.textContent?.replace('*', '').trim() === label) return element.control;
  }
  return null;
}

/** The visible button whose accessible name (its aria-label, else its text) begins with `name`. */
export function buttonNamed(name: string): Element | null {
  const nameOf = (element: Element) =>
    (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
  for (const button of document.querySelectorAll('button')) {
    if (button.getClientRects().length > 0 && nameOf(button).startsWith(name)) return button;
  }
  return null;
}

/**
 * Records what a browser's console would show as a problem: console.error and
 * console.warn, uncaught errors and rejections, resources that failed to load
 * and Content-Security-Policy violations, into `window.engineProblems`.
 */
export function recordProblems(): void {
  const page = window as unknown as { engineProblems?: string[] };
  if (page.engineProblems) return;
  const problems: string[] = [];
  page.engineProblems = problems;
  for (const level of ['error', 'warn'] as const) {
    const original = console[level];
    console[level] = (...args: unknown[]) => {
      problems.push(`console.${level}: ${args.map(String).join(' ')}`);
      original.apply(console, args);
    };
  }
  window.addEventListener(
    'error',
    (event: Event) => {
      if (event instanceof ErrorEvent) problems.push(`uncaught: ${event.message}`);
      else {
        const target = event.target as Partial<HTMLScriptElement & HTMLLinkElement>;
        problems.push(`failed to load: ${target.src ?? target.href ?? String(target)}`);
      }
    },
    true,
  );
  window.addEventListener('unhandledrejection', (event) =>
    problems.push(`unhandled rejection: ${String(event.reason)}`),
  );
  document.addEventListener('securitypolicyviolation', (event) =>
    problems.push(`CSP: ${event.violatedDirective} blocked ${event.blockedURI}`),
  );
}

export function recordedProblems(): string[] {
  return (window as unknown as { engineProblems?: string[] }).engineProblems ?? ['no recorder'];
}

/** Whether the page says its islands are armed and those due at load hydrated (src/lib/hydration-marker.ts). */
export function hydrated(attribute: string): boolean {
  return document.documentElement.hasAttribute(attribute);
}

/** Each section's heading, in page order, as its aria-labelledby names it (islands' markers between). */
export function sectionHeadings(): (string | undefined)[] {
  return [...document.querySelectorAll('main section[aria-labelledby]:not(section section)')].map(
    (section) =>
      document.getElementById(section.getAttribute('aria-labelledby')!)?.textContent?.trim(),
  );
}

/** The theme the page shows and the background colour the browser resolved for it. */
export function renderedTheme(): { theme: 'light' | 'dark'; background: string } {
  return {
    theme: document.documentElement.dataset.theme as 'light' | 'dark',
    background: getComputedStyle(document.body).backgroundColor,
  };
}

/**
 * Scrolls down the page a screen at a time, letting each position render
 * twice so the reveal observers see it, then back to the top. Returns the
 * number of cards that take part in reveals. Waits at most `patienceMs` on a
 * screen for its islands, then fails naming them (the driver's own bound on a
 * script, 30 s, would name nothing).
 */
export async function scrollThroughPage(patienceMs: number): Promise<number> {
  const rendered = () =>
    new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  // As a visitor who reads: each screen is looked at until the islands on it have hydrated
  // (src/islands/; the first scroll wakes those that answer scrolling), so a section's reveal
  // is armed before the next screen brings it in.
  const nearScreen = (marker: Element) => {
    const box = marker.firstElementChild?.getBoundingClientRect();
    return !!box && box.height > 0 && box.top < window.innerHeight && box.bottom > 0;
  };
  const notHydratedOnScreen = () =>
    [...document.querySelectorAll('[data-island]')]
      .filter((marker) => nearScreen(marker) && !marker.hasAttribute('data-hydrated'))
      .map((marker) => marker.getAttribute('data-island'));
  const step = window.innerHeight * 0.6;
  for (let top = 0; top <= document.documentElement.scrollHeight; top += step) {
    window.scrollTo({ top, behavior: 'instant' });
    await rendered();
    const since = performance.now();
    while (window.scrollY > 0 && notHydratedOnScreen().length > 0) {
      if (performance.now() - since > patienceMs) {
        throw new Error(
          `at ${window.scrollY} px, not hydrated after ${patienceMs} ms: ${notHydratedOnScreen().join(', ')}`,
        );
      }
      await rendered();
    }
  }
  window.scrollTo({ top: 0, behavior: 'instant' });
  return document.querySelectorAll('[data-reveal]').length;
}

/** Each reveal card's state (resting or entering) and its computed opacity. */
export function cardReveals(): { state: string | undefined; opacity: string }[] {
  return [...document.querySelectorAll<HTMLElement>('[data-reveal]')].map((card) => ({
    state: card.dataset.reveal,
    opacity: getComputedStyle(card).opacity,
  }));
}

/** The box of the control labelled `label`, scrolled to the middle of the screen, in CSS pixels. */
export function controlBox(label: string): { x: number; y: number; width: number; height: number } {
  const control = [...document.querySelectorAll('label')].find(
    (element) => element.textContent?.trim() === label,
  )?.control;
  if (!control) throw new Error(`no control labelled ${label}`);
  control.scrollIntoView({ block: 'center', behavior: 'instant' });
  const { x, y, width, height } = control.getBoundingClientRect();
  return { x, y, width, height };
}

/** Whether the loading overlay still shows (it leaves on its own, src/components/ui/loading-overlay.tsx). */
export function loadingOverlayShown(): boolean {
  const overlay = document.querySelector('[data-testid="loading-overlay"]');
  return !!overlay?.checkVisibility({ visibilityProperty: true });
}

/**
 * The animations still running on an element the visitor cannot see (hidden, or inside
 * something hidden), by name: each one restyles the page every frame for nothing.
 */
export function animationsOutOfSight(): string[] {
  return document
    .getAnimations()
    .filter((animation) => animation.playState === 'running')
    .filter((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      return !target?.checkVisibility({ visibilityProperty: true });
    })
    .map((animation) => (animation as CSSAnimation).animationName ?? 'a script animation');
}

/** The texts of the toasts in sonner's "Notifications" region. */
export function toastTexts(): string[] {
  // The title alone: a description (the thank-you toast's reference) follows it.
  return [...document.querySelectorAll('[aria-label^="Notifications"] li')].map(
    (toast) => (toast.querySelector('[data-title]') ?? toast).textContent?.trim() ?? '',
  );
}
