import { CONTACT_FIELDS, type ContactField } from './validation.ts';

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
  /** Why each refused field was refused: above it, and in the summary's link to it. */
  nameProblem: '%%NAME_PROBLEM%%',
  emailProblem: '%%EMAIL_PROBLEM%%',
  messageProblem: '%%MESSAGE_PROBLEM%%',
  /** The confirmation's reference. */
  reference: '%%REFERENCE%%',
  /** The confirmation's reply time ("We'll reply by 17:30 today (UK time)."), or nothing. */
  replyBy: '%%REPLY_BY%%',
} as const;

/** Where scripts/build.mjs writes the pages, inside the build's output. */
export const NATIVE_FORM_FILES = {
  /** Served as it is: the 303 after a stored submission lands here. */
  sent: 'contact/sent/index.html',
  /** Read by the server at start-up; harmless if fetched (tokens, no data). A refusal about no field. */
  template: 'contact/refusal-template.html',
  /** The confirmation with the submission's reference, filled in by the server. */
  sentTemplate: 'contact/sent-template.html',
} as const;

/**
 * The refusal about these fields (in the form's order): each of them marked invalid and described
 * by its problem, which the summary lists as a link to it. A page without script cannot mark a
 * field later, and the server writes no markup, only escaped words: so the build writes one page
 * for each set of fields a refusal can name, and the server picks the one validation.ts names.
 */
export const refusalTemplateFile = (fields: readonly ContactField[]) =>
  `contact/refusal-template-${fields.join('-')}.html`;

/** Every set of fields one refusal can name, each in the form's order: 7 for the spec's 3. */
export const REFUSED_FIELD_SETS: readonly (readonly ContactField[])[] = CONTACT_FIELDS.reduce<
  ContactField[][]
>((sets, field) => [...sets, ...sets.map((set) => [...set, field])], [[]]).slice(1);
