/**
 * Where the server puts a refusal's words into the prerendered template
 * (src/features/contact/render-native-form-pages.tsx, server/native-form/page-template.ts).
 * Plain tokens that neither React nor HTML escapes, replaced once each.
 */
export const REFUSAL_SLOTS = {
  title: '%%TITLE%%',
  problem: '%%PROBLEM%%',
  text: '%%TEXT%%',
  name: '%%NAME%%',
  email: '%%EMAIL%%',
  message: '%%MESSAGE%%',
  /** The confirmation's reference. */
  reference: '%%REFERENCE%%',
  /** The confirmation's reply time ("We'll reply by 17:30 today (UK time)."), or nothing. */
  replyBy: '%%REPLY_BY%%',
} as const;

/** Where scripts/build.mjs writes the pages, inside the build's output. */
export const NATIVE_FORM_FILES = {
  /** Served as it is: the 303 after a stored submission lands here. */
  sent: 'contact/sent/index.html',
  /** Read by the server at start-up; harmless if fetched (tokens, no data). */
  template: 'contact/refusal-template.html',
  /**
   * The same refusal about one field (`${field}Template`, the field validation.ts names): that
   * field marked invalid and described by the problem, which links to it. A page without script
   * cannot mark it later.
   */
  nameTemplate: 'contact/refusal-template-name.html',
  emailTemplate: 'contact/refusal-template-email.html',
  messageTemplate: 'contact/refusal-template-message.html',
  /** The confirmation with the submission's reference, filled in by the server. */
  sentTemplate: 'contact/sent-template.html',
} as const;
