import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { NATIVE_FORM_PATH, SENT_PATH } from '../../contact/paths.ts';
import { contactReplyCopy as copy } from '../../contact/copy/reply-pages.ts';
import { MESSAGES } from '../../contact/copy/contact-messages.ts';
import {
  validateSubmission,
  type ContactSubmission,
  type SubmissionRow,
} from '../../contact/validation.ts';
import type { WorkingHours } from '../../contact/working-hours.ts';
import type { Database } from '../db/database.ts';
import { FORM_MEDIA_TYPE, readFormBody } from './form-body.ts';
import { loadReplyPages, plainPage, type Reply } from './reply-pages.ts';
import { linksBackTo } from './site-links.ts';
import { loadSentPage, referenceOfSameWords, replyTimeOf } from './sent-page.ts';
import { toPostgrestError } from '../rest/to-postgrest-error.ts';
import { MAX_BODY_BYTES } from '../rest/plugin.ts';
import { isCrossSite } from '../rest/same-site.ts';

export interface NativeFormOptions {
  database: Database;
  distDir: string;
  /** Origins besides this one whose pages may post the form (CORS_ORIGINS). */
  allowedOrigins: readonly string[];
  /** BUSINESS_HOURS and BUSINESS_TIMEZONE: the confirmation says when the reply is due. */
  businessHours: WorkingHours;
}

const EMPTY: ContactSubmission = { name: '', email: '', message: '' };

/**
 * The contact form as a browser sends it without JavaScript (a tap before the
 * bundle arrives, a blocked script): a native POST, stored by the same rules
 * as the JSON insert (validation.ts, the insert as anon, the rate limits, the
 * honeypot, the outbox email), answered with a 303 to the prerendered
 * confirmation, or with a page that says what went wrong and keeps the
 * visitor's words in the fields. No answer puts them in a URL.
 */
export const nativeForm: FastifyPluginAsync<NativeFormOptions> = async (app, options) => {
  const { database, allowedOrigins, businessHours } = options;
  const replyPage = loadReplyPages(options.distDir);
  const sentPage = loadSentPage(options.distDir);

  app.get<{ Params: { reference: string }; Querystring: { site?: unknown } }>(
    `${SENT_PATH}:reference`,
    async (request, reply) => {
      const { reference } = request.params;
      const page = sentPage(reference, await replyTimeOf(database, reference, businessHours));
      if (page === undefined) return reply.redirect(SENT_PATH, 303);
      // A page on another origin was sent here (confirmationUrl): its links lead back there.
      const site = allowedSite(request.query.site, allowedOrigins);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(site ? linksBackTo(page, site) : page);
    },
  );

  // Any media type reaches the handler, which refuses all but a form's with a page of its own.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES }, (_, body, done) =>
    done(null, body),
  );

  const answer = (reply: FastifyReply, status: number, content: Partial<Reply>) => {
    const page = replyPage({
      title: '',
      problem: '',
      text: '',
      values: EMPTY,
      ...content,
    } as Reply);
    const site = siteOrigin(reply.request, allowedOrigins);
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(site ? linksBackTo(page, site) : page);
  };

  app.setErrorHandler((error, request, reply) => {
    const refusal = toPostgrestError(error, request.log, MAX_BODY_BYTES);
    // Read again from the body: a refusal before the handler (the rate limit) keeps the words too.
    const values = readFormBody(request.body as Buffer | undefined)?.values ?? EMPTY;
    if (refusal.status === 413) {
      return answer(reply, 413, {
        ...copy.invalid,
        problem: MESSAGES.tooLong.message,
        text: copy.invalid.intro,
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
  });

  app.post(
    NATIVE_FORM_PATH,
    {
      // Counted per client address like the JSON insert (server/plugins/submission-rate-limit.ts),
      // once the body is read, so that a refusal can keep the visitor's words. The same
      // words again within 10 minutes are the stored submission, answered as stored: free.
      config: {
        rateLimit: {
          hook: 'preHandler',
          allowList: async (request: FastifyRequest) => isRepeat(database, request.body),
        },
      },
      // Before the body is read: another site's form gets nothing but a plain page.
      onRequest: async (request, reply) => {
        if (!isCrossSite(request, allowedOrigins)) return;
        return reply
          .code(403)
          .type('text/html; charset=utf-8')
          .send(plainPage(copy.refused.title, copy.refused.text));
      },
    },
    async (request, reply) => {
      const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      const form = type === FORM_MEDIA_TYPE ? readFormBody(request.body as Buffer) : undefined;
      if (!form) {
        return reply
          .code(type === FORM_MEDIA_TYPE ? 400 : 415)
          .type('text/html; charset=utf-8')
          .send(plainPage(copy.failed.title, copy.failed.text));
      }

      if (form.undecodable) {
        return answer(reply, 400, {
          title: copy.invalid.title,
          problem: copy.undecodable,
          text: copy.invalid.intro,
          values: form.values,
        });
      }
      const result = validateSubmission(form.values);
      if (!result.ok) {
        return answer(reply, 400, {
          title: copy.invalid.title,
          problem: result.message,
          text: copy.invalid.intro,
          values: form.values,
        });
      }
      const row: SubmissionRow = form.trapped
        ? { ...result.value, suspected_spam: true }
        : result.value;
      // No proof of work without JavaScript: the database stores it unverified, and
      // the same words again within 10 minutes are the same submission, stored once.
      await database.insertSubmission(row, { clientAddress: request.ip, nativeForm: true });
      const reference = await referenceOfSameWords(database, row);
      // 303: the browser fetches the confirmation with GET, and a reload cannot send it twice.
      return reply
        .code(303)
        .header('location', confirmationUrl(request, allowedOrigins, reference))
        .send();
    },
  );
};

/**
 * The confirmation with the reference, served here (sent-page.ts). For a page on
 * a configured origin posting to this server as its API, the URL names that
 * origin, so the confirmation's links lead back to it. Without a reference (it
 * could not be read), the site's own static confirmation. Nothing of the
 * visitor's in the URL: at most the reference, derived from a random key.
 */
function confirmationUrl(
  request: FastifyRequest,
  allowedOrigins: readonly string[],
  reference: string | undefined,
): string {
  const site = siteOrigin(request, allowedOrigins);
  if (!reference) return site ? `${site}${SENT_PATH}` : SENT_PATH;
  return `${SENT_PATH}${reference}${site ? `?site=${encodeURIComponent(site)}` : ''}`;
}

/** The configured site on another origin that the form was posted from, if it was. */
function siteOrigin(
  request: FastifyRequest,
  allowedOrigins: readonly string[],
): string | undefined {
  return allowedSite(request.headers.origin, allowedOrigins);
}

/** `origin` if it is one of the configured sites on another origin (CORS_ORIGINS). */
function allowedSite(origin: unknown, allowedOrigins: readonly string[]): string | undefined {
  return typeof origin === 'string' && allowedOrigins.includes(origin) ? origin : undefined;
}

/** A valid form whose words were stored in the last 10 minutes: the same submission again. */
async function isRepeat(database: Database, body: unknown): Promise<boolean> {
  const form = readFormBody(body as Buffer | undefined);
  if (!form || form.undecodable) return false;
  const result = validateSubmission(form.values);
  return result.ok && (await referenceOfSameWords(database, result.value)) !== undefined;
}
