import { renderToStaticMarkup } from 'react-dom/server';
import { contactReplyCopy } from '../../../contact/copy/reply-pages';
import { ReplyPage } from './reply-page';
import { REPLY_TOKENS } from '../../../contact/reply-tokens';
import { MESSAGES } from '../../../contact/copy/contact-messages';

/** The confirmation page (static) and the refusal template (filled in by the server). */
export function renderReplyPages(): { sent: string; template: string; sentTemplate: string } {
  const t = REPLY_TOKENS;
  return {
    sent: renderToStaticMarkup(
      <ReplyPage title={contactReplyCopy.sent.title} text={MESSAGES.sent} />,
    ),
    sentTemplate: renderToStaticMarkup(
      <ReplyPage
        title={contactReplyCopy.sent.title}
        text={MESSAGES.sent}
        reference={t.reference}
        replyBy={t.replyBy}
      />,
    ),
    template: renderToStaticMarkup(
      <ReplyPage
        title={t.title}
        problem={t.problem}
        text={t.text}
        values={{ name: t.name, email: t.email, message: t.message }}
      />,
    ),
  };
}
