import { useState } from 'react';
import { Icon } from '../../components/ui/icon';
import {
  nextThemeChoice,
  resolveTheme,
  saveThemeChoice,
  themeChangedMessage,
  THEME_ICONS,
  themeControlName,
} from './theme-choice';
import { useSystemTheme, useThemeChoice } from './theme-store';

/**
 * One button cycling the theme (see nextThemeChoice): its name says the
 * current mode and what a press does; after a press, a polite status line
 * speaks the new mode. Before its island hydrates, the islands' loader names
 * it as the page shows and answers a press the same way, status line (which
 * follows the button) included: src/islands/theme-controls.ts.
 */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const choice = useThemeChoice();
  const system = useSystemTheme();
  const next = nextThemeChoice(choice, system);
  const [announcement, setAnnouncement] = useState('');
  const name = themeControlName(choice, system);

  const press = () => {
    saveThemeChoice(next);
    setAnnouncement(themeChangedMessage(next, system));
  };

  return (
    <>
      <button
        type="button"
        onClick={press}
        aria-label={name}
        title={name}
        data-theme-choice={choice}
        data-theme-shown={resolveTheme(choice, system)}
        className={`inline-flex size-12 items-center justify-center rounded-full text-ink hover:bg-raised focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-warm ${className}`}
      >
        <Icon name={THEME_ICONS[choice]} />
      </button>
      {/* A press before the island hydrated is spoken here by the islands' loader: hydration keeps it. */}
      <span role="status" className="sr-only" suppressHydrationWarning>
        {announcement}
      </span>
    </>
  );
}
