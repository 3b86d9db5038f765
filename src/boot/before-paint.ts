/**
 * Runs inline in <head>, before the first paint (the build inlines it where
 * index.html says <!--before-paint-->; see scripts/inline-boot-scripts.ts).
 * It marks that scripts run (data-js, which the stylesheet reads) and applies
 * the saved theme, so the wrong one never flashes. It also follows a change of
 * the system's theme live: the theme toggle's island (src/islands/) may not
 * hydrate until the visitor reaches for it.
 */
import { applyThemeChoice, DARK_QUERY, readSavedThemeChoice } from '../features/theme/theme-choice';

document.documentElement.dataset.js = '';
applyThemeChoice(readSavedThemeChoice());
matchMedia(DARK_QUERY).addEventListener('change', () => applyThemeChoice(readSavedThemeChoice()));
