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
 * Hydration leaves what a visitor typed before it in the fields, but React's
 * state holds the server's values, and its next render would put them back.
 * So what the fields hold when hydration commits (everything typed until then,
 * nothing taken out meanwhile) is typed in again once the island is hydrated,
 * as input events React sees: no keystroke is lost, and no field blanks while
 * React loads. Focus that arrived before hydration is announced again, for
 * handlers that start work on focus.
 */
export function hydrateIsland(
  container: HTMLElement,
  name: IslandName,
  component: ComponentType,
): Hydrating {
  const hydrated = new Promise<Typed[]>((resolve) => {
    // Read in the island's root effect, before any render can write React's values back.
    const onHydrated = () => resolve(typedValues(container));
    // As a transition, React hydrates in slices of about 5 ms and yields between them (a plain
    // hydrateRoot is one task: the nav's took 65–130 ms at 4× CPU right after a first tap), so a
    // tap meanwhile is not held. A click on the island before it is done still hydrates it at once.
    startTransition(() => {
      hydrateRoot(container, <IslandBody component={component} onHydrated={onHydrated} />, {
        identifierPrefix: islandIdPrefix(name),
      });
    });
  }).then((typed) => {
    for (const entry of typed) retype(entry);
    const focused = document.activeElement;
    if (focused && container.contains(focused)) {
      focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    }
  });
  const typing = () => fields(container).some(changed);
  return { replayable: () => (typing() ? hydrated : Promise.resolve()), hydrated };
}

function fields(container: HTMLElement): Field[] {
  return [...container.querySelectorAll<Field>('input:not([type=checkbox]), textarea')];
}

/** Text React does not hold yet: React keeps a controlled field's default value equal to it. */
const changed = (field: Field) => field.value !== field.defaultValue;

/** A field's text typed before hydration, and where the visitor's caret or selection was in it. */
interface Typed {
  field: Field;
  value: string;
  selection: [start: number, end: number, direction: 'forward' | 'backward' | 'none'] | null;
}

/**
 * What was typed before hydration: each field whose text differs from the
 * server's, with its selection, read before React's first render after
 * hydration writes the server's value and collapses it. (An email field has
 * no selection to read: null.)
 */
function typedValues(container: HTMLElement): Typed[] {
  return fields(container)
    .filter(changed)
    .map((field) => ({
      field,
      value: field.value,
      selection:
        field.selectionStart === null || field.selectionEnd === null
          ? null
          : [field.selectionStart, field.selectionEnd, field.selectionDirection ?? 'none'],
    }));
}

/**
 * React tracks a field's value through its own setter on the element, and took
 * the typed text as the tracked value when it hydrated. Setting the server's
 * value through that setter, then the typed text through the prototype's
 * setter (which bypasses it), makes the input event that follows read as a
 * change, all in one task: no keystroke comes between. Each is committed
 * before the next, so every handler sees the fields typed before it. Setting
 * a value moves the caret to the end, so the focused field's selection is put
 * back: text selected to be replaced (select all, then paste) is still replaced.
 */
function retype({ field, value, selection }: Typed) {
  field.value = field.defaultValue;
  const prototype = Object.getPrototypeOf(field) as Field;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  flushSync(() => field.dispatchEvent(new Event('input', { bubbles: true })));
  // Only in the field the visitor is in: a selection call on another can never move the focus.
  if (selection && field === document.activeElement) field.setSelectionRange(...selection);
}
