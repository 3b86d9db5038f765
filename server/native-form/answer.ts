import type { FastifyReply, FastifyRequest } from 'fastify';
import { nativeFormPageCopy as copy } from '../../shared/copy/native-form-pages.ts';
import { MESSAGES } from '../../shared/copy/contact-messages.ts';
import type { ContactSubmission } from '../../shared/validation.ts';
import { toPostgrestError } from '../rest/to-postgrest-error.ts';
import { MAX_BODY_BYTES } from '../rest/rest-plugin.ts';
import { readFormBody } from './form-body.ts';
import type { Refusal } from './page-template.ts';
import { linksBackTo, siteOrigin } from './site-links.ts';

const EMPTY: ContactSubmission = { name: '', email: '', message: '' };

/** Answers with the refusal page (page-template.ts): what went wrong, the visitor's words kept. */
export type Answer = (
  reply: FastifyReply,
  status: number,
  content: Partial<Refusal>,
) => FastifyReply;

/** The refusal page, its links leading back to the site on another origin that posted the form. */
export function answerWith(
  refusalPage: (refusal: Refusal) => string,
  allowedOrigins: readonly string[],
): Answer {
  return (reply, status, content) => {
    const page = refusalPage({
      title: '',
      problem: '',
      text: '',
      values: EMPTY,
      ...content,
    } as Refusal);
    const site = siteOrigin(reply.request, allowedOrigins);
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(site ? linksBackTo(page, site) : page);
  };
}

/**
 * A refusal before or during the handler (a body too large, the rate limit,
 * the database down) as a page that says so, in PostgREST's status.
 */
export function answerRefusal(answer: Answer) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const refusal = toPostgrestError(error, request.log, MAX_BODY_BYTES);
    // Read again from the body: a refusal before the handler (the rate limit) keeps the words too.
    const values = readFormBody(request.body as Buffer | undefined)?.values ?? EMPTY;
    if (refusal.status === 413) {
      return answer(reply, 413, {
        ...copy.invalid,
        problem: MESSAGES.tooLong.message,
        text: copy.invalid.tooLarge,
        problems: [{ field: 'message', message: MESSAGES.tooLong.message }],
      });
    }
    const outcome =
      refusal.status === 429
        ? copy.rateLimited
        : refusal.status === 503
          ? copy.unavailable
          : copy.failed;
    return answer(reply.headers(refusal.headers), refusal.status, {
      title: outcome.title,
      problem: outcome.text,
      text: copy.kept,
      values,
    });
  };
}
