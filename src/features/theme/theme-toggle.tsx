import { Icon, type IconName } from '../../components/ui/icon';
import { THEME_CHOICES, setThemeChoice, useThemeChoice, type ThemeChoice } from './theme-store';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const ICONS: Record<ThemeChoice, IconName> = { system: 'monitor', light: 'sun', dark: 'moon' };

/** One button that cycles System → Light → Dark; its name says the current choice. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const choice = useThemeChoice();
  const next = THEME_CHOICES[(THEME_CHOICES.indexOf(choice) + 1) % THEME_CHOICES.length]!;
  return (
    <button
      type="button"
      onClick={() => setThemeChoice(next)}
      aria-label={`Theme: ${LABELS[choice]}`}
      title={`Theme: ${LABELS[choice]} (switch to ${LABELS[next]})`}
      data-theme-choice={choice}
      className={`inline-flex size-12 items-center justify-center rounded-full text-ink hover:bg-raised focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-warm ${className}`}
    >
      <Icon name={ICONS[choice]} />
    </button>
  );
}
