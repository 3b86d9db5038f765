import { useState } from 'react';
import { Icon, type IconName } from '../../components/ui/icon';
import { themeCopy } from '../../content/theme';
import {
  nextThemeChoice,
  resolveTheme,
  setThemeChoice,
  useSystemTheme,
  useThemeChoice,
  type ThemeChoice,
} from './theme-store';

const ICONS: Record<ThemeChoice, IconName> = { system: 'monitor', light: 'sun', dark: 'moon' };

/** Says the mode and, for System, what it shows now: "System (dark)". */
function describe(choice: ThemeChoice, system: 'light' | 'dark'): string {
  const label = themeCopy.choice[choice];
  return choice === 'system' ? themeCopy.systemShowing(themeCopy.choice[system]) : label;
}

/**
 * One button cycling the theme (see nextThemeChoice): its name says the
 * current mode and what a press does; after a press, a polite status line
 * speaks the new mode.
 */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const choice = useThemeChoice();
  const system = useSystemTheme();
  const next = nextThemeChoice(choice, system);
  const [announcement, setAnnouncement] = useState('');
  const name = themeCopy.name(describe(choice, system), describe(next, system));

  const press = () => {
    setThemeChoice(next);
    setAnnouncement(themeCopy.changed(describe(next, system)));
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
        <Icon name={ICONS[choice]} />
      </button>
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </>
  );
}
