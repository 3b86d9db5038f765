import type { THEME_ICON_PATHS } from '../../components/ui/theme-icon-paths';
import { THEME_STORAGE_KEY } from '../../config/constants';
import { describeTheme, themeCopy } from '../../content/theme';

/**
 * The theme rule (docs/product.md#ruling-theme) without React, so the script
 * that runs before first paint (src/boot/before-paint.ts) and the store that
 * keeps the page in step afterwards (theme-store.ts) apply the same one.
 * The page carries it on <html>: data-theme-choice (light | dark | system) and
 * data-theme (the resolved light | dark), which the stylesheet reads.
 */
export type ThemeChoice = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

/** The control's icon for each choice. */
export const THEME_ICONS = {
  system: 'monitor',
  light: 'sun',
  dark: 'moon',
} as const satisfies Record<ThemeChoice, keyof typeof THEME_ICON_PATHS>;

export const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * What the prerendered page's theme control says (the build knows neither the
 * visitor's choice nor their system): System, showing light. Where the page
 * shows anything else, the islands' loader renames the control at load, until
 * its island hydrates (src/islands/theme-controls.ts).
 */
export const PRERENDERED_THEME = { choice: 'system', shown: 'light' } as const;

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

/** The choice on <html>, as the before-paint script or a press left it. */
export function readThemeChoice(): ThemeChoice {
  const choice = document.documentElement.dataset.themeChoice;
  return choice === 'light' || choice === 'dark' ? choice : 'system';
}

export function systemTheme(): ResolvedTheme {
  return matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/**
 * The control's cycle. A press from System goes to the opposite of what is
 * shown, so the first press always changes what the visitor sees; then the
 * other explicit theme (what the system shows, but pinned); then System again.
 * On a light system: System → Dark → Light → System.
 */
export function nextThemeChoice(choice: ThemeChoice, system: ResolvedTheme): ThemeChoice {
  if (choice === 'system') return system === 'dark' ? 'light' : 'dark';
  return choice === system ? 'system' : system;
}

/** The control's accessible name: the mode now, and what a press changes it to. */
export function themeControlName(choice: ThemeChoice, system: ResolvedTheme): string {
  const next = nextThemeChoice(choice, system);
  return themeCopy.name(describeTheme(choice, system), describeTheme(next, system));
}

/** What the control's status line speaks after a press that chose `choice`. */
export function themeChangedMessage(choice: ThemeChoice, system: ResolvedTheme): string {
  return themeCopy.changed(describeTheme(choice, system));
}

export function resolveTheme(choice: ThemeChoice, system: ResolvedTheme): ResolvedTheme {
  return choice === 'system' ? system : choice;
}

/**
 * On <html> for the frame a press switches the theme in: the stylesheet stops every transition
 * under it (styles.css). Otherwise each link and field with a colour transition starts one as
 * the colours change, a 150–300 ms fade restyled and repainted in every frame after the switch,
 * and starting them adds to the switch's own restyle.
 */
export const THEME_SWITCHING_ATTRIBUTE = 'data-theme-switching';

/** Saves the choice for later visits (System saves nothing) and applies it. */
export function saveThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage can be blocked (private mode); the choice still applies to this visit.
  }
  const root = document.documentElement;
  root.setAttribute(THEME_SWITCHING_ATTRIBUTE, '');
  applyThemeChoice(choice);
  // A timeout queued from the next animation frame runs once that frame has been styled in the
  // new theme with transitions stopped; from then on a hover fades as before.
  requestAnimationFrame(() => setTimeout(() => root.removeAttribute(THEME_SWITCHING_ATTRIBUTE)));
}
