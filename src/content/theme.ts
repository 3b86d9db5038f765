/** What the theme control says: the current mode, what it looks like, and what a press does. */
export const themeCopy = {
  choice: { system: 'System', light: 'Light', dark: 'Dark' },
  /** The accessible name, e.g. "Theme: System (light). Press for Dark". */
  name: (current: string, next: string) => `Theme: ${current}. Press for ${next}`,
  systemShowing: (resolved: string) => `System (${resolved.toLowerCase()})`,
  /** Spoken once after a press. */
  changed: (current: string) => `Theme: ${current}`,
} as const;

/** Says a mode and, for System, what it shows now: "System (dark)". */
export function describeTheme(choice: 'system' | 'light' | 'dark', system: 'light' | 'dark') {
  return choice === 'system'
    ? themeCopy.systemShowing(themeCopy.choice[system])
    : themeCopy.choice[choice];
}
