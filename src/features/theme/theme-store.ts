import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY } from '../../config/constants';
import { applyThemeChoice, DARK_QUERY, PRERENDERED_THEME, type ThemeChoice } from './theme-choice';

/**
 * The theme lives on <html> as data-theme-choice (light | dark | system) and
 * data-theme (the resolved light | dark) (theme-choice.ts). The script that
 * runs before first paint (src/boot/before-paint.ts) sets both; this store
 * keeps them in step afterwards.
 */
export type { ThemeChoice };
export type ResolvedTheme = 'light' | 'dark';

const listeners = new Set<() => void>();

function readChoice(): ThemeChoice {
  const choice = document.documentElement.dataset.themeChoice;
  return choice === 'light' || choice === 'dark' ? choice : 'system';
}

function systemTheme(): ResolvedTheme {
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

export function resolveTheme(choice: ThemeChoice, system: ResolvedTheme): ResolvedTheme {
  return choice === 'system' ? system : choice;
}

function apply(choice: ThemeChoice) {
  applyThemeChoice(choice);
  listeners.forEach((listener) => listener());
}

export function setThemeChoice(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage can be blocked (private mode); the choice still applies to this visit.
  }
  apply(choice);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const media = matchMedia(DARK_QUERY);
  const onSystemChange = () => apply(readChoice());
  media.addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    media.removeEventListener('change', onSystemChange);
  };
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readChoice, () => PRERENDERED_THEME.choice);
}

/** What the system asks for now, followed live; light before hydration. */
export function useSystemTheme(): ResolvedTheme {
  return useSyncExternalStore(subscribe, systemTheme, () => PRERENDERED_THEME.shown);
}
