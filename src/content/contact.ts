import { groupDigits } from '../../shared/group-digits.ts';

export const contactCopy = {
  eyebrow: 'Free consultation · No setup fees',
  heading: 'Every Day You Wait Costs You More',
  pitch:
    'Tell us where it hurts. We reply the same day across Kent and diagnose your biggest revenue leak within 24 hours, free and with no obligation.',
  location: 'Dover & Deal based team — Remote workflow',
  detailLabels: { email: 'Email', phone: 'Phone', location: 'Location' },
  sellingPoints: [
    'Fix broken systems fast',
    'Custom solutions that actually work',
    'Never worry about tech problems',
    'Proven results, not promises',
  ],
  form: {
    title: 'Get Your Revenue Back',
    intro: 'Three quick fields. A real person reads every message.',
    nameLabel: 'Your name',
    emailLabel: 'Email address',
    messageLabel: 'What is costing you money?',
    namePlaceholder: 'Jane Smith',
    emailPlaceholder: 'jane@yourbusiness.co.uk',
    messagePlaceholder:
      'Tell us about your website, your busiest tasks, or what keeps going wrong…',
    requiredHint: 'Fields marked * are required.',
    honeypotLabel: 'Leave this field empty',
    submitIdle: 'Stop Losing Customers',
    submitBusy: 'Sending Message...',
    sendingToast: 'Sending your message…',
    counter: (used: number, max: number) => `${groupDigits(used)} / ${groupDigits(max)} characters`,
    /** A message that could not be sent yet: the error toast's description and the note by the button. */
    savedOnDevice:
      'Your message is saved on this device and will be sent when the connection is back.',
    cancelSaved: 'Cancel sending',
    /**
     * The success toast's description: what the visitor can quote
     * (docs/product.md#exactly-once), then when to expect the reply, if known
     * (shared/copy/response-promise.ts).
     */
    reference: (reference: string, replyBy?: string) =>
      replyBy ? `Reference ${reference}. ${replyBy}` : `Reference ${reference}.`,
    privacyNote: 'We use your details only to reply to you.',
    privacyLink: 'Privacy notice',
  },
  emergency: {
    title: 'Emergency Response',
    text: 'Website down or leads vanishing? Call us now: same-day response across Kent.',
  },
} as const;
