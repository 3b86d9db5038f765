import { startTransition, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import { IslandBody } from './island-body';
import type { IslandName } from './islands';
import { islandIdPrefix } from './markers';

type Field = HTMLInputElement | HTMLTextAreaElement;

/** An island whose hydration has begun. */
export interface Hydrating {
  /**
   * When a held click may be replayed: at once, since React hydrates a root
   * synchronously when a click lands on it before it has (and then dispatches
   * the click); after hydration if the visitor typed first, so the retyped
   * fields come before the click.
   */
  replayable: Promise<void>;
  /** Once the island is hydrated and its effects have run. */
  hydrated: Promise<void>;
}

/**
 * Starts hydrating one island as its own React root. Loaded with the first
 * island that needs it, so react-dom is never part of the first view.
 *
 * Hydration takes the server's values for controlled fields, so what a
 * visitor typed before it is taken out first and typed back in afterwards,
 * as input events React sees: no keystroke is lost. Focus that arrived
 * before hydration is announced again, for handlers that start work on focus.
 */
export function hydrateIsland(
  container: HTMLElement,
  name: IslandName,
  component: ComponentType,
): Hydrating {
  const typed = takeTypedValues(container);
  const hydrated = new Promise<void>((resolve) => {
    // In a transition React hydrates in slices, yielding between them, so an island
    // hydrating as it scrolls into view never blocks the page for long. A click on it
    // still hydrates it at once (see Hydrating).
    startTransition(() => {
      hydrateRoot(container, <IslandBody component={component} onHydrated={resolve} />, {
        identifierPrefix: islandIdPrefix(name),
      });
    });
  }).then(() => {
    for (const [field, value] of typed) retype(field, value);
    const focused = document.activeElement;
    if (focused && container.contains(focused)) {
      focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    }
  });
  return { replayable: typed.length > 0 ? hydrated : Promise.resolve(), hydrated };
}

function takeTypedValues(container: HTMLElement): [Field, string][] {
  const fields = container.querySelectorAll<Field>('input:not([type=checkbox]), textarea');
  return [...fields].flatMap((field) => {
    if (field.value === field.defaultValue) return [];
    const value = field.value;
    field.value = field.defaultValue;
    return [[field, value] as [Field, string]];
  });
}

/**
 * React tracks a field's value through its own setter; the prototype's setter
 * bypasses it, so the input event that follows reads as a change. Each one is
 * committed before the next, so every handler sees the fields typed before it.
 */
function retype(field: Field, value: string) {
  const prototype = Object.getPrototypeOf(field) as Field;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  flushSync(() => field.dispatchEvent(new Event('input', { bubbles: true })));
}
