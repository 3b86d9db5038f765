import { THEME_ICON_PATHS } from '../components/ui/theme-icon-paths';
import {
  nextThemeChoice,
  readThemeChoice,
  resolveTheme,
  saveThemeChoice,
  systemTheme,
  themeChangedMessage,
  THEME_ICONS,
  themeControlName,
} from '../features/theme/theme-choice';
import { HYDRATED_ATTRIBUTE } from '../lib/hydration-marker';
import { ISLAND_ATTRIBUTE } from './markers';

/**
 * The theme controls (src/features/theme/theme-toggle.tsx) before their island
 * hydrates. The prerender can only name System (light); where the page shows
 * another theme, the loader renames them, so a control always says what the
 * page shows without react-dom at load. Only attributes change, and hydration
 * renders the same ones (src/features/theme/theme-store.ts).
 */
export const THEME_CONTROL = 'button[data-theme-choice]';

/** The controls no hydrated island holds yet. */
function waitingControls(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(THEME_CONTROL)].filter(
    (control) => !control.closest(`[${ISLAND_ATTRIBUTE}][${HYDRATED_ATTRIBUTE}]`),
  );
}

/** Names every waiting control after the theme <html> shows: its name, its data and its icon. */
export function nameThemeControls(): void {
  const choice = readThemeChoice();
  const system = systemTheme();
  const name = themeControlName(choice, system);
  for (const control of waitingControls()) {
    control.setAttribute('aria-label', name);
    control.setAttribute('title', name);
    control.dataset.themeChoice = choice;
    control.dataset.themeShown = resolveTheme(choice, system);
    control.querySelector('path')?.setAttribute('d', THEME_ICON_PATHS[THEME_ICONS[choice]]);
  }
}

/** A press before the island hydrated: the next theme, by the island's own rule, spoken. */
export function cycleTheme(control: HTMLElement): void {
  const system = systemTheme();
  const next = nextThemeChoice(readThemeChoice(), system);
  saveThemeChoice(next);
  nameThemeControls();
  // The status line follows the button; its island keeps what is written here (see ThemeToggle).
  const status = control.nextElementSibling;
  if (status?.getAttribute('role') === 'status') {
    status.textContent = themeChangedMessage(next, system);
  }
}
