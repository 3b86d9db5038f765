import type { MouseEvent } from 'react';
import { skipLinkClass } from '../../components/ui/skip-link-styles';
import { inboxCopy } from '../../content/inbox';
import { LIST_HEADING_ID } from './lead-list';

/** The main area's id (inbox.css hides its children while a session is restored): the link's fragment, for a page whose script has not run. */
export const MAIN_ID = 'main';

/**
 * The first thing a keyboard user reaches. On the leads, "Skip to the leads": past the header,
 * the folders and the filters to the list's heading, from where the next Tab is the first lead.
 * Elsewhere (signed out, the figures, the alerts) "Skip to content". It moves the focus itself,
 * as GOV.UK's does: its fragment would close an open lead (lead-hash.ts).
 */
export function SkipLink({ toLeads }: { toLeads: boolean }) {
  const skip = (event: MouseEvent) => {
    event.preventDefault();
    const list = toLeads ? document.getElementById(LIST_HEADING_ID) : null;
    // On a phone an opened lead is shown in the list's place: it starts the main area.
    const shown = list && list.getClientRects().length > 0 ? list : null;
    const target = shown ?? document.getElementById(MAIN_ID);
    if (target) focusOnce(target);
  };
  return (
    <a href={`#${MAIN_ID}`} onClick={skip} className={skipLinkClass}>
      {inboxCopy.skip[toLeads ? 'leads' : 'content']}
    </a>
  );
}

/** Focuses an element that is not otherwise focusable for as long as it holds the focus. */
function focusOnce(target: HTMLElement) {
  if (!target.hasAttribute('tabindex')) {
    target.setAttribute('tabindex', '-1');
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
  }
  target.focus();
}
