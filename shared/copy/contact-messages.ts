import { groupDigits } from '../group-digits.ts';
import { LIMITS } from '../limits.ts';

/**
 * The form's messages (docs/product.md#contact-messages): the page's toasts, and
 * the server's pages for a form sent without JavaScript, in the same words.
 * shared/validation.ts picks among them.
 */
export const MESSAGES = {
  missing: 'Please fill in all fields',
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
