import { useRef, type KeyboardEvent } from 'react';
import { inboxCopy, type InboxTab } from '../../content/inbox';

const TABS: readonly InboxTab[] = ['inbox', 'spam', 'archived'];
export const PANEL_ID = 'inbox-panel';
export const tabId = (tab: InboxTab) => `inbox-tab-${tab}`;

/**
 * The three folders as ARIA tabs: one Tab stop, arrow keys, Home and End move
 * between them (and select, as the list follows at once).
 */
export function FolderTabs({
  tab,
  onChange,
}: {
  tab: InboxTab;
  onChange: (tab: InboxTab) => void;
}) {
  const refs = useRef(new Map<InboxTab, HTMLButtonElement>());
  const move = (event: KeyboardEvent) => {
    const at = TABS.indexOf(tab);
    const to = {
      ArrowRight: (at + 1) % TABS.length,
      ArrowLeft: (at - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = TABS[to]!;
    onChange(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={inboxCopy.tabs.label}
      onKeyDown={move}
      className="inline-flex rounded-xl border border-line bg-surface p-1"
    >
      {TABS.map((name) => (
        <button
          key={name}
          ref={(button) => {
            if (button) refs.current.set(name, button);
          }}
          type="button"
          role="tab"
          id={tabId(name)}
          aria-selected={name === tab}
          aria-controls={PANEL_ID}
          tabIndex={name === tab ? 0 : -1}
          onClick={() => onChange(name)}
          className="min-h-12 rounded-lg px-4 text-sm font-semibold text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-warm aria-selected:bg-raised aria-selected:text-ink"
        >
          {inboxCopy.tabs[name]}
        </button>
      ))}
    </div>
  );
}
