import { useRef } from 'react';
import { inboxCopy } from '../../content/inbox';
import { useFocusIfLost } from '../use-focus-kept';

/**
 * "Your session has ended", where the workspace was. A live region in the page from its first
 * render, empty and out of the layout until then (as the offline notice): one added with its
 * words is often not read out. The workspace took the focus with it, so the focus moves to these
 * words too, as it does to an opened lead's "not here any more"; focus elsewhere is left be.
 */
export function SessionEnded({ ended }: { ended: boolean }) {
  const notice = useRef<HTMLParagraphElement>(null);
  useFocusIfLost(notice, ended);
  return (
    <p
      ref={notice}
      role="status"
      tabIndex={-1}
      className="empty:sr-only mx-auto mb-4 w-full max-w-md rounded-xl bg-raised px-4 py-3 text-sm text-ink focus:outline-none"
    >
      {ended ? inboxCopy.signIn.signedOut : null}
    </p>
  );
}
