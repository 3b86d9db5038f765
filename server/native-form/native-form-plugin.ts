import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { NATIVE_FORM_PATH, SENT_PATH } from '../../shared/paths.ts';
import { nativeFormPageCopy as copy } from '../../shared/copy/native-form-pages.ts';
import { validateSubmission, type SubmissionRow } from '../../shared/validation.ts';
import type { WorkingHours } from '../../shared/working-hours.ts';
import type { Database } from '../db/database.ts';
import { leadRateLimit, type LeadRateLimit } from '../plugins/lead-rate-limit.ts';
import { answerRefusal, answerWith, type Answer } from './answer.ts';
import { FORM_MEDIA_TYPE, readFormBody } from './form-body.ts';
import { loadRefusalPage, plainPage } from './page-template.ts';
import { allowedSite, linksBackTo, siteOrigin } from './site-links.ts';
import {
  loadSentPage,
  referenceOfSameWords,
  replyTimeOf,
  sameWordsReference,
} from './sent-page.ts';
import { MAX_BODY_BYTES } from '../rest/rest-plugin.ts';
import { isCrossSite } from '../rest/same-site.ts';

export interface NativeFormOptions {
  database: Database;
  distDir: string;
  /** Origins besides this one whose pages may post the form (CORS_ORIGINS). */
  allowedOrigins: readonly string[];
  /** BUSINESS_HOURS and BUSINESS_TIMEZONE: the confirmation says when the reply is due. */
  businessHours: WorkingHours;
  /** Posts per client address per minute, counted apart from the JSON insert's. */
  rateLimitPerMinute: number;
}

/**
 * The contact form as a browser sends it without JavaScript (a tap before the
 * bundle arrives, a blocked script): a native POST, stored by the same rules
 * as the JSON insert (validation.ts, the insert as anon, the rate limits, the
 * honeypot, the outbox email), answered with a 303 to the prerendered
 * confirmation, or with a page that says what went wrong and keeps the
 * visitor's words in the fields. No answer puts them in a URL.
 */
export const nativeForm: FastifyPluginAsync<NativeFormOptions> = async (app, options) => {
  const { database, allowedOrigins } = options;
  const answer = answerWith(loadRefusalPage(options.distDir), allowedOrigins);
  // Counted per client address as the JSON insert is (server/plugins/lead-rate-limit.ts), once
  // the body is read, so that a refusal can keep the visitor's words. The same words again
  // within 10 minutes are the stored submission, answered as stored: free. Whether they are is
  // asked only at the limit, so a post under it reaches the database once, in the insert's
  // budget: a stalled or locked database is the insert's fast 503, not a wait on a question first.
  const limit = leadRateLimit(options.rateLimitPerMinute, (request) =>
    isRepeat(database, request.body),
  );
  serveConfirmations(app, options);

  // Any media type reaches the handler, which refuses all but a form's with a page of its own.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES }, (_, body, done) =>
    done(null, body),
  );
  app.setErrorHandler(answerRefusal(answer));

  app.post(
    NATIVE_FORM_PATH,
    {
      preHandler: (request, reply) => limit.check(request, reply),
      // Before the body is read: another site's form gets nothing but a plain page.
      onRequest: async (request, reply) => {
        if (!isCrossSite(request, allowedOrigins)) return;
        return reply
          .code(403)
          .type('text/html; charset=utf-8')
          .send(plainPage(copy.refused.title, copy.refused.text));
      },
    },
    (request, reply) => storeForm(request, reply, options, answer, limit),
  );
};

/** The confirmation with its reference and the time the reply is due (sent-page.ts). */
function serveConfirmations(app: FastifyInstance, options: NativeFormOptions) {
  const { database, allowedOrigins, businessHours } = options;
  const sentPage = loadSentPage(options.distDir);
  // A reference of one character or more: `${SENT_PATH}` itself is the static confirmation
  // (dist/contact/sent/index.html), where an unknown reference is sent; an empty parameter
  // matching it here would redirect it to itself, forever.
  app.get<{ Params: { reference: string }; Querystring: { site?: unknown } }>(
    `${SENT_PATH}:reference(^.+$)`,
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
}

/** The POST itself: read the form, check it as the JSON insert does, store it, send to the confirmation. */
async function storeForm(
  request: FastifyRequest,
  reply: FastifyReply,
  { database, allowedOrigins }: NativeFormOptions,
  answer: Answer,
  limit: LeadRateLimit,
) {
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
      problems: result.problems,
    });
  }
  const row: SubmissionRow = form.trapped
    ? { ...result.value, suspected_spam: true }
    : result.value;
  // No proof of work without JavaScript: the database stores it unverified, and
  // the same words again within 10 minutes are the same submission, stored once.
  const stored = await database.insertSubmission(row, {
    clientAddress: request.ip,
    nativeForm: true,
  });
  if (!stored) limit.refund(request);
  const reference = await referenceOfSameWords(database, row);
  // 303: the browser fetches the confirmation with GET, and a reload cannot send it twice.
  return reply
    .code(303)
    .header('location', confirmationUrl(request, allowedOrigins, reference))
    .send();
}

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

/** A valid form whose words were stored in the last 10 minutes: the same submission again. */
async function isRepeat(database: Database, body: unknown): Promise<boolean> {
  const form = readFormBody(body as Buffer | undefined);
  if (!form || form.undecodable) return false;
  const result = validateSubmission(form.values);
  return result.ok && (await sameWordsReference(database, result.value)) !== undefined;
}
