import { PostgrestClient } from '@supabase/postgrest-js';
import { expect, it } from 'vitest';
import { LEAD_READS, leadQuery, leadReadUrl } from '../../src/inbox/lead-reads';

/**
 * A tap on an alert starts the lead's reads before postgrest-js is loaded; the app takes each
 * early answer only for a request to the very same URL. Were the two to differ, every tap would
 * read the lead twice and wait for the second.
 */
it('the early reads ask for exactly the URLs postgrest-js asks for', async () => {
  const base = 'https://project.supabase.co';
  const asked: string[] = [];
  const rest = new PostgrestClient(`${base}/rest/v1`, {
    fetch: async (input) => {
      asked.push(String(input));
      return new Response('[]', { headers: { 'content-type': 'application/json' } });
    },
  });
  for (const read of Object.values(LEAD_READS)) {
    asked.length = 0;
    await leadQuery(rest, read, 4217);
    expect(asked).toEqual([leadReadUrl(base, read, 4217)]);
  }
});
