import { groupDigits } from '../group-digits.ts';
import { LIMITS } from '../limits.ts';

/**
 * The form's messages (docs/product.md#contact-messages): the page's toasts, the words by each
 * refused field, and the server's pages for a form sent without JavaScript, in the same words.
 * shared/validation.ts picks among them.
 */
export const MESSAGES = {
  /** The spec's toast when any field is empty. */
  missing: 'Please fill in all fields',
  /** By each empty field: which one, as "all fields" above two of three would not say. */
  empty: {
    name: 'Please enter your name',
    email: 'Please enter your email address',
    message: 'Please enter your message',
  },
  invalidEmail: 'Please enter a valid email address',
  tooLong: {
    name: `Please keep your name to ${LIMITS.name.max} characters`,
    email: `Please keep your email address to ${LIMITS.email.max} characters`,
    message: `Please keep your message to ${groupDigits(LIMITS.message.max)} characters`,
  },
  unreadable: {
    name: 'Please remove unusual control characters from your name',
    email: 'Please remove unusual control characters from your email address',
    message: 'Please remove unusual control characters from your message',
  },
  failed: 'There was an issue submitting your message. Please try again.',
  sent: "Thank you! We'll be in touch shortly.",
} as const;
