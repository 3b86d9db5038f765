import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY } from '../../config/constants';

/**
 * The theme lives on <html> as data-theme-choice (light | dark | system) and
 * data-theme (the resolved light | dark). The inline script in index.html sets
 * both before first paint; this store keeps them in step afterwards.
 */
export type ThemeChoice = 'light' | 'dark' | 'system';
export const THEME_CHOICES: ThemeChoice[] = ['system', 'light', 'dark'];

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function readChoice(): ThemeChoice {
  const choice = document.documentElement.dataset.themeChoice;
  return choice === 'light' || choice === 'dark' ? choice : 'system';
}

function apply(choice: ThemeChoice) {
  const dark = choice === 'dark' || (choice === 'system' && matchMedia(DARK_QUERY).matches);
  const root = document.documentElement;
  root.dataset.themeChoice = choice;
  root.dataset.theme = dark ? 'dark' : 'light';
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
  return useSyncExternalStore(subscribe, readChoice, () => 'system');
}
