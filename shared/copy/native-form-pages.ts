/**
 * The pages this project's server answers a form sent without JavaScript
 * with (server/native-form/native-form-plugin.ts), and the note a static-host build
 * shows instead. The spec's own messages (success, the field errors) come
 * from ./contact-messages.ts; only the words around them live here.
 */
export const nativeFormPageCopy = {
  backLink: 'Back to the site',
  /** A refusal page's title, as a screen reader announces it on arrival, says it is one. */
  errorTitle: (title: string) => `Error: ${title}`,
  contactLead: 'You can also reach us directly:',
  sent: { title: 'Message sent' },
  /** Before the submission's reference on the confirmation. */
  referenceLead: 'Your reference, if you call us:',
  invalid: {
    title: 'Please check your message',
    intro: 'Your message has not been sent yet. Correct it below and send it again.',
    /** A form too large to read (413): its words never reached us, so none are shown below. */
    tooLarge:
      'Your message has not been sent. It was too long for us to read, so we could not keep it here: please write a shorter one below.',
  },
  /** The form arrived with bytes that are not text (a broken encoding): nothing was stored. */
  undecodable:
    'Some characters could not be read, so your message was not sent. Please check the marked characters (�) below and send it again.',
  rateLimited: {
    title: 'Too many messages',
    text: 'We have received several messages from your connection in the last minute, so this one was not sent. Please try again in a minute, or email or call us.',
  },
  unavailable: {
    title: 'Your message could not be sent',
    text: 'Our system is briefly unavailable, so your message was not sent. Please try again in a moment, or email or call us.',
  },
  failed: {
    title: 'Your message could not be sent',
    text: 'Something went wrong on our side, so your message was not sent. Please email or call us.',
  },
  refused: {
    title: 'Message not accepted',
    text: 'This form can only be sent from our own website. Nothing was stored. Please use the form on our site, or email or call us.',
  },
  /** Shown by a static-host build, where nothing can take a form sent without JavaScript. */
  noScript:
    'Sending this form needs JavaScript, which is not running in your browser. Please email or call us instead:',
  kept: 'Your message is kept below: send it again, or copy it into an email.',
  /** Kept words below a refusal, to copy elsewhere. */
  yourWords: 'Your message (not sent)',
  or: 'or',
} as const;
