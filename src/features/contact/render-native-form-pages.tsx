import { renderToStaticMarkup } from 'react-dom/server';
import { nativeFormPageCopy } from '../../../shared/copy/native-form-pages';
import { NativeFormPage } from './native-form-page';
import { REFUSAL_SLOTS } from '../../../shared/refusal-slots';
import { MESSAGES } from '../../../shared/copy/contact-messages';

/** The confirmation page (static) and the refusal template (filled in by the server). */
export function renderNativeFormPages(): { sent: string; template: string; sentTemplate: string } {
  const t = REFUSAL_SLOTS;
  return {
    sent: renderToStaticMarkup(
      <NativeFormPage title={nativeFormPageCopy.sent.title} text={MESSAGES.sent} />,
    ),
    sentTemplate: renderToStaticMarkup(
      <NativeFormPage
        title={nativeFormPageCopy.sent.title}
        text={MESSAGES.sent}
        reference={t.reference}
        replyBy={t.replyBy}
      />,
    ),
    template: renderToStaticMarkup(
      <NativeFormPage
        title={t.title}
        problem={t.problem}
        text={t.text}
        values={{ name: t.name, email: t.email, message: t.message }}
      />,
    ),
  };
}
