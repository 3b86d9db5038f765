import type { IslandName } from './islands';

/**
 * When an island hydrates, written into its marker (data-hydrate) by the
 * prerender and read by the loader (./start-islands.ts):
 * - visible: its container comes into view;
 * - interaction: the visitor points at, touches, focuses or presses a key in it;
 * - scroll: the page first scrolls (for what answers scrolling);
 * - linked: a link to something inside it is followed, or the URL names it at load;
 * - outbox: at load, if the device holds a message waiting to be sent (it goes out by itself).
 * A click that lands on an island before it has hydrated also hydrates it, and is replayed.
 */
export type Trigger = 'visible' | 'interaction' | 'scroll' | 'linked' | 'outbox';

/** The island's marker on the page, and the attribute saying when it hydrates. */
export const ISLAND_ATTRIBUTE = 'data-island';
export const TRIGGER_ATTRIBUTE = 'data-hydrate';

/**
 * One prefix per island for useId, the same on the server and the client, so
 * ids drawn in separate roots never collide and match their prerendered HTML.
 */
export function islandIdPrefix(name: IslandName): string {
  return `${name}-`;
}
