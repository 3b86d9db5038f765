import { renderToStaticMarkup } from 'react-dom/server';
import { siteConfig } from '../../config/site';
import { seo } from '../../content/seo';
import { nativeFormPageCopy } from '../../../shared/copy/native-form-pages';
import { NativeFormPage } from './native-form-page';
import { NATIVE_FORM_FILES, REFUSAL_SLOTS } from '../../../shared/refusal-slots';
import { MESSAGES } from '../../../shared/copy/contact-messages';
import { escapeHtml } from '../../../shared/escape-html';
import type { ContactField } from '../../../shared/validation';

type NativeFormPages = Record<keyof typeof NATIVE_FORM_FILES, { head: string; body: string }>;

/** A page's head: its own title, and not indexed. */
const headOf = (title: string) =>
  `<title>${escapeHtml(title)}</title>\n    <meta name="robots" content="noindex" />`;

/**
 * The confirmation page (static) and the refusal templates (filled in by the server), each with
 * its own title (the refusal's is a slot, as its heading is): a title is what a screen reader
 * announces on arrival, and the home page's said the form had not been sent. A refusal about one
 * field has a template of its own, that field marked invalid and described by the problem.
 */
export function renderNativeFormPages(): NativeFormPages {
  const t = REFUSAL_SLOTS;
  const refusal = (invalid?: ContactField) => ({
    head: headOf(seo.pageTitle(nativeFormPageCopy.errorTitle(t.title), siteConfig.brandName)),
    body: renderToStaticMarkup(
      <NativeFormPage
        title={t.title}
        problem={t.problem}
        text={t.text}
        values={{ name: t.name, email: t.email, message: t.message }}
        invalid={invalid}
      />,
    ),
  });
  const sentHead = headOf(seo.pageTitle(nativeFormPageCopy.sent.title, siteConfig.brandName));
  return {
    sent: {
      head: sentHead,
      body: renderToStaticMarkup(
        <NativeFormPage title={nativeFormPageCopy.sent.title} text={MESSAGES.sent} />,
      ),
    },
    sentTemplate: {
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
    template: refusal(),
    nameTemplate: refusal('name'),
    emailTemplate: refusal('email'),
    messageTemplate: refusal('message'),
  };
}
