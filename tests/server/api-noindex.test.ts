import { describe, expect, it, onTestFinished } from 'vitest';
import { addMembers } from '../../server/auth/members.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { testApp } from './support/backends.ts';
import { AGENCY, codeSentTo, OWNER } from './support/inbox.ts';
import { RELAXED_LIMITS } from '../support/inbox-server.ts';

/**
 * Every answer under /rest/v1 and /auth/v1 says `X-Robots-Tag: noindex`:
 * they carry leads, codes and tokens, as /inbox/ does. Once, on the
 * embedded database: the header is the server's, not the database's.
 */

const JSON_BODY = { 'content-type': 'application/json' };

describe('the APIs’ answers and search engines', () => {
  it('tell them to index nothing, for leads, sign-in and refusals alike, and leave the site alone', async () => {
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());
    const { app, db, close } = await testApp(
      'embedded',
      {},
      { mail: { smtpUrl: sink.url, notifyEmail: AGENCY }, codeRules: RELAXED_LIMITS },
    );
    onTestFinished(close);
    await addMembers(db, [OWNER]);
    const [lead] = await db.query(
      `insert into public.contact_submissions (name, email, message)
       values ('Lead', 'lead@example.co.uk', 'Hello') returning id`,
    );

    const asked = await app.inject({
      method: 'POST',
      url: '/auth/v1/otp',
      headers: JSON_BODY,
      payload: { email: OWNER, create_user: false },
    });
    const verified = await app.inject({
      method: 'POST',
      url: '/auth/v1/verify',
      headers: JSON_BODY,
      payload: { type: 'email', email: OWNER, token: await codeSentTo(sink, OWNER) },
    });
    const token = (verified.json() as { access_token: string }).access_token;
    const member = { ...JSON_BODY, authorization: `Bearer ${token}` };
    const read = (url: string) => app.inject({ url: `/rest/v1/${url}`, headers: member });
    const call = (name: string, payload: object) =>
      app.inject({ method: 'POST', url: `/rest/v1/rpc/${name}`, headers: member, payload });

    const answers = {
      'a code asked for': asked,
      'a code verified': verified,
      'the leads': await read('inbox_leads?select=*'),
      'one lead': await read(`inbox_leads?id=eq.${lead!.id}`),
      'its notes': await read(`lead_notes?submission_id=eq.${lead!.id}`),
      'its activity': await read(`lead_activity?submission_id=eq.${lead!.id}`),
      'the figures': await call('lead_figures', { days: 7 }),
      'a change': await call('inbox_mark_read', { lead_id: lead!.id }),
      'a refused read': await read('inbox_leads?select=nope'),
      'an anonymous read': await app.inject('/rest/v1/inbox_leads'),
      'a path no client sends': await app.inject('/rest/v1/contact_submissions'),
      'the user': await app.inject({ url: '/auth/v1/user', headers: member }),
      'an unknown auth path': await app.inject('/auth/v1/admin/users'),
    };
    for (const [what, response] of Object.entries(answers)) {
      expect(response.statusCode, what).toBeLessThan(500);
      expect(response.headers['x-robots-tag'], what).toBe('noindex');
    }
    expect(answers['the leads'].json()).toHaveLength(1);

    // The site itself is for search engines (the inbox's noindex is its own, site-headers.ts).
    expect((await app.inject('/')).headers['x-robots-tag']).toBeUndefined();
  });
});
