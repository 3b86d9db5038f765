import { useSyncExternalStore } from 'react';
import {
  DARK_QUERY,
  PRERENDERED_THEME,
  readThemeChoice,
  systemTheme,
  type ResolvedTheme,
  type ThemeChoice,
} from './theme-choice';

/**
 * The theme lives on <html> as data-theme-choice (light | dark | system) and
 * data-theme (the resolved light | dark) (theme-choice.ts). The script that
 * runs before first paint (src/boot/before-paint.ts) sets both and follows
 * the system; a press changes them; this store reads them.
 */
export type { ThemeChoice };

/**
 * Told of every change on <html>, whoever made it: a press, the
 * before-paint script following the system, or the islands' loader answering
 * a press before the control's island hydrated (src/islands/first-answers.ts).
 * And of the system's own preference, which the control names.
 */
function subscribe(listener: () => void) {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, {
    attributeFilter: ['data-theme-choice', 'data-theme'],
  });
  const media = matchMedia(DARK_QUERY);
  media.addEventListener('change', listener);
  return () => {
    observer.disconnect();
    media.removeEventListener('change', listener);
  };
}

/**
 * What hydration renders. In the prerender, the only theme known (System, light). In the browser,
 * the theme the controls already show: the islands' loader names them before any island hydrates
 * (src/islands/theme-controls.ts), so hydration finds the attributes it renders. The prerendered
 * ones would differ wherever the page shows another theme, a mismatch React reports.
 */
const inBrowser = () => typeof document !== 'undefined';
const hydrationChoice = () => (inBrowser() ? readThemeChoice() : PRERENDERED_THEME.choice);
const hydrationSystemTheme = () => (inBrowser() ? systemTheme() : PRERENDERED_THEME.shown);

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice, hydrationChoice);
}

/** What the system asks for now, followed live. */
export function useSystemTheme(): ResolvedTheme {
  return useSyncExternalStore(subscribe, systemTheme, hydrationSystemTheme);
}
