import { PostgrestClient } from '@supabase/postgrest-js';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { startServer, type RunningServer } from '../../server/start.ts';
import { describeEachBackend, freshBackend, type Backend } from './support/backends.ts';
import { VALID } from './support/requests.ts';
import { withProof } from '../support/proof.ts';

/** An anon key as the site would be built with; this server treats every request as anon. */
const ANON_KEY = 'anon-key-for-tests';

/**
 * The real client libraries against the running server: what works and what
 * fails against hosted Supabase must work and fail the same way here.
 */
describeEachBackend('contract with @supabase/supabase-js and postgrest-js', (kind) => {
  let backend: Backend;
  let server: RunningServer;
  let supabase: SupabaseClient;
  let postgrest: PostgrestClient;

  beforeAll(async () => {
    backend = await freshBackend(kind);
    server = await startServer({ ...backend.options, port: 0, distDir: '/nonexistent' });
    supabase = createClient(server.url, ANON_KEY, {
      // Node 20 has no global WebSocket; supabase-js needs a transport even if unused.
      realtime: { transport: ws as never },
      auth: { persistSession: false, autoRefreshToken: false },
    });
    // As the site's own client (src/features/contact/submit-contact.ts) builds it.
    postgrest = new PostgrestClient(`${server.url}/rest/v1`);
  });
  afterAll(async () => {
    await server?.close();
    await backend?.dispose();
  });

  const rowCount = async () =>
    Number((await server.query('select count(*)::int as n from contact_submissions'))[0]?.n);

  describe('supabase-js', () => {
    it('inserts a submission', async () => {
      const submission = { ...VALID, name: 'Via supabase-js' };
      const { error, status, data } = await supabase
        .from('contact_submissions')
        .insert(await withProof(server.url, submission));
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toBeNull();
      const rows = await server.query('select name from contact_submissions where name = $1', [
        submission.name,
      ]);
      expect(rows).toHaveLength(1);
    });

    it('inserts a one-row array', async () => {
      const { error, status } = await supabase
        .from('contact_submissions')
        .insert([await withProof(server.url, { ...VALID, name: 'Array via supabase-js' })]);
      expect(error).toBeNull();
      expect(status).toBe(201);
    });

    it('refuses select with PostgreSQL’s permission error', async () => {
      const { error, status, data } = await supabase.from('contact_submissions').select('*');
      expect(status).toBe(401);
      expect(data).toBeNull();
      expect(error).toMatchObject({
        code: '42501',
        message: 'permission denied for table contact_submissions',
        details: null,
        hint: null,
      });
    });

    it('refuses update and delete', async () => {
      const update = await supabase
        .from('contact_submissions')
        .update({ status: 'spam' })
        .eq('id', 1);
      expect(update.error?.code).toBe('42501');
      const remove = await supabase.from('contact_submissions').delete().eq('id', 1);
      expect(remove.error?.code).toBe('42501');
      expect(await rowCount()).toBeGreaterThan(0);
    });

    it('refuses to read an insert back, and stores nothing', async () => {
      const before = await rowCount();
      const { error, data } = await supabase.from('contact_submissions').insert(VALID).select();
      expect(error?.code).toBe('42501');
      expect(data).toBeNull();
      const upsert = await supabase.from('contact_submissions').upsert(VALID);
      expect(upsert.error?.code).toBe('42501');
      expect(await rowCount()).toBe(before);
    });

    it('reports a CHECK violation as an error object with code 23514', async () => {
      const before = await rowCount();
      const { error, status } = await supabase
        .from('contact_submissions')
        .insert(await withProof(server.url, { ...VALID, email: 'no-at-sign.example.com' }));
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: '23514', details: null, hint: null });
      expect(error?.message).toContain('contact_submissions_email_check');
      expect(await rowCount()).toBe(before);
    });

    it('refuses other tables, functions and schemas', async () => {
      expect((await supabase.from('profiles').insert(VALID)).error?.code).toBe('PGRST205');
      expect((await supabase.rpc('delete_everything')).error?.code).toBe('PGRST202');
      const other = await supabase.schema('private').from('contact_submissions').insert(VALID);
      expect(other.error?.code).toBe('PGRST106');
    });
  });

  describe('postgrest-js, as the site uses it', () => {
    it('inserts a submission', async () => {
      const { error, status } = await postgrest
        .from('contact_submissions')
        .insert(await withProof(server.url, { ...VALID, name: 'Via postgrest-js' }));
      expect(error).toBeNull();
      expect(status).toBe(201);
    });

    it('gets an error object for a bad submission', async () => {
      const { error } = await postgrest
        .from('contact_submissions')
        .insert(await withProof(server.url, { ...VALID, name: '' }));
      expect(error).toMatchObject({ code: '23514' });
    });

    it('refuses select', async () => {
      const { error } = await postgrest.from('contact_submissions').select('id, email');
      expect(error?.code).toBe('42501');
    });
  });
});
