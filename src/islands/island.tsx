import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { IslandBody } from './island-body';
import type { IslandName } from './islands';
import { ISLAND_ATTRIBUTE, islandIdPrefix, TRIGGER_ATTRIBUTE, type Trigger } from './markers';

/**
 * At build time only (src/app.tsx, rendered by src/entry-server.tsx): an
 * island's component rendered as its own root, with the island's useId prefix,
 * inside a marker the browser's loader finds. The marker takes no room
 * (styles.css: display: contents), so the page lays out as it did.
 */
export function Island({
  name,
  component,
  hydrate,
}: {
  name: IslandName;
  component: ComponentType;
  hydrate: readonly Trigger[];
}) {
  const html = renderToString(<IslandBody component={component} />, {
    identifierPrefix: islandIdPrefix(name),
  });
  const marker = { [ISLAND_ATTRIBUTE]: name, [TRIGGER_ATTRIBUTE]: hydrate.join(' ') };
  return <div {...marker} dangerouslySetInnerHTML={{ __html: html }} />;
}
