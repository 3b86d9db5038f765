import { renderToStaticMarkup } from 'react-dom/server';
import { siteConfig } from '../../config/site';
import { seo } from '../../content/seo';
import { nativeFormPageCopy } from '../../../shared/copy/native-form-pages';
import { NativeFormPage } from './native-form-page';
import {
  NATIVE_FORM_FILES,
  REFUSAL_SLOTS,
  REFUSED_FIELD_SETS,
  refusalTemplateFile,
} from '../../../shared/refusal-slots';
import { MESSAGES } from '../../../shared/copy/contact-messages';
import { escapeHtml } from '../../../shared/escape-html';
import type { ContactField } from '../../../shared/validation';

/** Each page by the file scripts/build.mjs writes it to. */
type NativeFormPages = Record<string, { head: string; body: string }>;

/** A page's head: its own title, and not indexed. */
const headOf = (title: string) =>
  `<title>${escapeHtml(title)}</title>\n    <meta name="robots" content="noindex" />`;

/**
 * The confirmation page (static) and the refusal templates (filled in by the server), each with
 * its own title (the refusal's is a slot, as its heading is): a title is what a screen reader
 * announces on arrival, and the home page's said the form had not been sent. A refusal about
 * fields has a template for each set of them (refusalTemplateFile), those fields marked invalid,
 * each described by its problem, and every problem listed in the summary.
 */
export function renderNativeFormPages(): NativeFormPages {
  const t = REFUSAL_SLOTS;
  const refusal = (fields: readonly ContactField[] = []) => ({
    head: headOf(seo.pageTitle(nativeFormPageCopy.errorTitle(t.title), siteConfig.brandName)),
    body: renderToStaticMarkup(
      <NativeFormPage
        title={t.title}
        problem={t.problem}
        text={t.text}
        values={{ name: t.name, email: t.email, message: t.message }}
        problems={fields.map((field) => ({ field, message: t[`${field}Problem`] }))}
      />,
    ),
  });
  const sentHead = headOf(seo.pageTitle(nativeFormPageCopy.sent.title, siteConfig.brandName));
  return {
    [NATIVE_FORM_FILES.sent]: {
      head: sentHead,
      body: renderToStaticMarkup(
        <NativeFormPage title={nativeFormPageCopy.sent.title} text={MESSAGES.sent} />,
      ),
    },
    [NATIVE_FORM_FILES.sentTemplate]: {
      head: sentHead,
      body: renderToStaticMarkup(
        <NativeFormPage
          title={nativeFormPageCopy.sent.title}
          text={MESSAGES.sent}
          reference={t.reference}
          replyBy={t.replyBy}
        />,
      ),
    },
    [NATIVE_FORM_FILES.template]: refusal(),
    ...Object.fromEntries(
      REFUSED_FIELD_SETS.map((fields) => [refusalTemplateFile(fields), refusal(fields)]),
    ),
  };
}
