import { THEME_STORAGE_KEY } from '../../config/constants';

/**
 * The theme rule (docs/product.md#ruling-theme) without React, so the script
 * that runs before first paint (src/boot/before-paint.ts) and the store that
 * keeps the page in step afterwards (theme-store.ts) apply the same one.
 * The page carries it on <html>: data-theme-choice (light | dark | system) and
 * data-theme (the resolved light | dark), which the stylesheet reads.
 */
export type ThemeChoice = 'light' | 'dark' | 'system';

export const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * What the prerendered page's theme control says (the build knows neither the
 * visitor's choice nor their system): System, showing light. Where the page
 * shows anything else, the control's island hydrates at load (src/islands/).
 */
export const PRERENDERED_THEME = { choice: 'system', shown: 'light' } as const;

/** Whether the theme on <html> is other than the one the prerendered control names. */
export function themeDiffersFromPrerender(): boolean {
  const { themeChoice, theme } = document.documentElement.dataset;
  return themeChoice !== PRERENDERED_THEME.choice || theme !== PRERENDERED_THEME.shown;
}

/** What the visitor chose on an earlier visit; system when nothing (or nothing readable) is saved. */
export function readSavedThemeChoice(): ThemeChoice {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    if (saved === 'light' || saved === 'dark') return saved;
  } catch {
    // Storage can be blocked (private mode): the system preference applies.
  }
  return 'system';
}

export function applyThemeChoice(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && matchMedia(DARK_QUERY).matches);
  const root = document.documentElement;
  root.dataset.themeChoice = choice;
  root.dataset.theme = dark ? 'dark' : 'light';
}
