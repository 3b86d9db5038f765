/**
 * Runs inline in <head>, before the first paint (the build inlines it where
 * index.html says <!--before-paint-->; see scripts/inline-boot-scripts.ts).
 * It marks that scripts run (data-js, which the stylesheet reads) and applies
 * the saved theme, so the wrong one never flashes.
 */
import { applyThemeChoice, readSavedThemeChoice } from '../features/theme/theme-choice';

document.documentElement.dataset.js = '';
applyThemeChoice(readSavedThemeChoice());
