import type { ComponentType } from 'react';
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
   * the click); after hydration if the visitor has typed into it, so the
   * retyped fields come before the click.
   */
  replayable(): Promise<void>;
  /** Once the island is hydrated, its effects have run and what was typed is React's. */
  hydrated: Promise<void>;
}

/**
 * Starts hydrating one island as its own React root. Loaded with the first
 * island that needs it, so react-dom is never part of the first view.
 *
 * Hydration takes the server's values for controlled fields, so what a visitor
 * typed before it is taken out first and typed back in afterwards, as input
 * events React sees: no keystroke is lost. Focus that arrived before hydration
 * is announced again, for handlers that start work on focus.
 */
export function hydrateIsland(
  container: HTMLElement,
  name: IslandName,
  component: ComponentType,
): Hydrating {
  const typedFirst = takeTypedValues(container);
  const hydrated = new Promise<void>((resolve) => {
    hydrateRoot(container, <IslandBody component={component} onHydrated={resolve} />, {
      identifierPrefix: islandIdPrefix(name),
    });
  }).then(() => {
    for (const [field, value] of typedFirst) retype(field, value);
    const focused = document.activeElement;
    if (focused && container.contains(focused)) {
      focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    }
  });
  const typing = () => typedFirst.length > 0 || fields(container).some(changed);
  return { replayable: () => (typing() ? hydrated : Promise.resolve()), hydrated };
}

function fields(container: HTMLElement): Field[] {
  return [...container.querySelectorAll<Field>('input:not([type=checkbox]), textarea')];
}

/** Text React does not hold yet: React keeps a controlled field's default value equal to it. */
const changed = (field: Field) => field.value !== field.defaultValue;

/** Takes out what was typed before hydration, which hydrates over the server's values. */
function takeTypedValues(container: HTMLElement): [Field, string][] {
  return fields(container)
    .filter(changed)
    .map((field) => {
      const value = field.value;
      field.value = field.defaultValue;
      return [field, value];
    });
}

/**
 * React tracks a field's value through its own setter on the element; the
 * prototype's setter bypasses it, so the input event that follows reads as a
 * change. Each is committed before the next, so every handler sees the fields
 * typed before it.
 */
function retype(field: Field, value: string) {
  const prototype = Object.getPrototypeOf(field) as Field;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  flushSync(() => field.dispatchEvent(new Event('input', { bubbles: true })));
}
