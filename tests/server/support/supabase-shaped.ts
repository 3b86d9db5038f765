import type pg from 'pg';
import { SUPABASE_ROLES } from '../../support/supabase-roles.ts';

/**
 * What hosted Supabase has before our migrations run: its roles, its `auth`
 * schema with auth.jwt(), auth.uid() and auth.role() (Supabase's own
 * definitions, marked so a replacement would show), Supabase Auth's users and
 * sessions in its own shape (supabase/auth migrations: sessions.id is the
 * JWT's session_id; sign-out and refresh-token reuse delete the row),
 * pgcrypto in `extensions`, and default grants of everything in `public` to
 * its API roles.
 */
export const SUPABASE_PREPARATION = `
  ${SUPABASE_ROLES}
  create schema auth;
  create function auth.jwt() returns jsonb language sql stable as $f$
    -- supabase's own
    select coalesce(nullif(current_setting('request.jwt.claim', true), ''),
                    nullif(current_setting('request.jwt.claims', true), ''))::jsonb
  $f$;
  create function auth.uid() returns uuid language sql stable as $f$
    -- supabase's own
    select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
                    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid
  $f$;
  create function auth.role() returns text language sql stable as $f$
    -- supabase's own
    select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
                    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'))::text
  $f$;
  create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  create table auth.users (
    instance_id uuid, id uuid primary key, aud varchar(255), role varchar(255),
    email varchar(255), created_at timestamptz, updated_at timestamptz
  );
  create table auth.sessions (
    id uuid not null primary key,
    user_id uuid not null references auth.users (id) on delete cascade,
    created_at timestamptz, updated_at timestamptz, factor_id uuid, aal auth.aal_level,
    not_after timestamptz, refreshed_at timestamp, user_agent text, ip inet, tag text
  );
  create index sessions_user_id_idx on auth.sessions (user_id);
  grant usage on schema auth to anon, authenticated, service_role;
  create schema extensions;
  create extension pgcrypto with schema extensions;
  alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
  alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
`;

/** The claims of a Supabase Auth access token. */
export interface Claims {
  role: string;
  aud: string;
  email: string;
  sub: string;
  session_id?: string;
}

/**
 * Signs `email` in as Supabase Auth would: its user (made on first use) and a
 * live session in auth.sessions, whose id is the token's session_id.
 */
export async function supabaseSignIn(client: pg.Client, email: string): Promise<Claims> {
  const { rows } = await client.query(
    `with found as (select id from auth.users where email = $1),
          made as (insert into auth.users (id, aud, role, email)
                   select gen_random_uuid(), 'authenticated', 'authenticated', $1
                   where not exists (select from found) returning id)
     select id from found union all select id from made`,
    [email],
  );
  const sub = String(rows[0].id);
  const session = await client.query(
    `insert into auth.sessions (id, user_id, created_at, aal)
     values (gen_random_uuid(), $1, now(), 'aal1') returning id`,
    [sub],
  );
  const id = String(session.rows[0].id);
  return { role: 'authenticated', aud: 'authenticated', email, sub, session_id: id };
}
