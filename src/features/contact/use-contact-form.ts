import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isTrapFilled } from '../../../shared/honeypot';
import { NARROW_SCREEN_PX } from '../../config/constants';
import { SECTION_IDS } from '../../content/navigation';
import { prefersReducedMotion } from '../../lib/prefers-reduced-motion';
import { getToast } from '../toasts/notify';
import { EMPTY_DRAFT, useDraft } from './use-draft';
import { prepareSending, usePendingSubmission } from './use-pending-submission';
import { fieldsHold, validateSubmission, type ContactField } from '../../../shared/validation';

/** Each field the last press refused, and why (shown by it); a field typed in since has none. */
type Problems = Partial<Record<ContactField, string>>;

/** Starts the proof of work on the form's first focus; its code loads only then. */
function prepareProof() {
  void import('./proof-of-work').then((proofOfWork) => proofOfWork.prepareProof());
}

/** On the form's first focus: what a send needs loads while the visitor types. */
export function prepareForm() {
  getToast().catch(() => {}); // mounts the Toaster ahead; tried again when a toast is needed
  prepareProof();
  prepareSending();
}

function scrollToContactOnNarrowScreens() {
  if (!window.matchMedia(`(max-width: ${NARROW_SCREEN_PX}px)`).matches) return;
  document
    .getElementById(SECTION_IDS.contact)
    ?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

/**
 * The contact form's state: the fields' ids, the draft, which fields are
 * invalid and why, the honeypot's value, and the send. The ids are made here, in the
 * island's root component, so the prerendered HTML and the hydrated form agree.
 */
export function useContactForm() {
  const ids = { name: useId(), email: useId(), message: useId(), counter: useId() };
  const [draft, setDraft] = useDraft();
  const [submitting, setSubmitting] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  // The first refused field, focused once it shows its problem, so a screen reader reads the why
  // with the field. A new object each press: a second press on the same mistake focuses it again.
  const [firstRefused, setFirstRefused] = useState<{ controlId: string } | null>(null);
  useEffect(() => {
    if (firstRefused) document.getElementById(firstRefused.controlId)?.focus();
  }, [firstRefused]);
  const [trap, setTrap] = useState('');
  // The send button is disabled while it sends, as the spec has it, and a disabled button loses
  // focus (Chromium's moves to the page itself): once it is back, so is the keyboard user.
  const focusedAtSend = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (submitting) return;
    const element = focusedAtSend.current;
    focusedAtSend.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (element?.isConnected && lost) element.focus({ preventScroll: true });
  }, [submitting]);
  const sending = usePendingSubmission((sent) => {
    // A message saved on this device may go later, while the visitor edits the form: the
    // words typed since were never sent, and stay (docs/product.md#contact-states, Draft).
    if (!fieldsHold(draft, sent)) return;
    setDraft(EMPTY_DRAFT);
    scrollToContactOnNarrowScreens();
  });

  const update = (field: ContactField) => (value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    // Typing answers that field's problem only: the others still say theirs.
    if (problems[field]) setProblems(({ [field]: _answered, ...others }) => others);
    // A cleared form is never sent (docs/product.md#exactly-once).
    if (!next.name && !next.email && !next.message) sending.cancel();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const result = validateSubmission(draft);
    if (!result.ok) {
      setProblems(Object.fromEntries(result.problems.map((p) => [p.field, p.message])));
      setFirstRefused({ controlId: ids[result.problems[0]!.field] });
      (await getToast()).error(result.message);
      return;
    }

    focusedAtSend.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setSubmitting(true);
    // A filled trap field may be a bot or the browser's autofill: the message is
    // sent flagged (stored, not emailed) and the visitor sees the usual outcome.
    // Unless confirmed, the visitor's words stay in the fields (and the saved draft).
    try {
      await sending.submit(
        isTrapFilled(trap) ? { ...result.value, suspected_spam: true } : result.value,
      );
    } finally {
      setSubmitting(false);
    }
  };

  return { ids, draft, problems, trap, setTrap, submitting, sending, update, onSubmit };
}
