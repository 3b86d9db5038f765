-- The spam score's cost on the insert path (docs/spam.md, "What it costs"):
-- the blast look-up's keys are threes of the signature's values within parts,
-- 13 a lead, where pairs of bands took 28, each a GIN insert at every lead
-- and a key the look-up searches.

-- The near-duplicate look-up of a blast (locality-sensitive hashing): the
-- sixteen values in parts of 4, 4, 4, 3 and 1, and each three values of a
-- part hashed to one key, 13 keys. Ten values of sixteen in common put three
-- in one part (two in each of the parts of 4 and 3 and the last value make
-- nine), a whole key, so two leads that can be a blast always share one; two
-- that share stock phrases share three given values now and then. So a lead
-- reads only the few leads it may repeat, with 13 index keys where pairs of
-- bands took 28: each key is a GIN insert at every lead.
create or replace function app_private.spam_blast_keys(signature integer[])
returns integer[]
language plpgsql
immutable
strict
set search_path = ''
as $$
begin
  return array[
    pg_catalog.hashtext('a:' || signature[1] || ':' || signature[2] || ':' || signature[3]),
    pg_catalog.hashtext('b:' || signature[1] || ':' || signature[2] || ':' || signature[4]),
    pg_catalog.hashtext('c:' || signature[1] || ':' || signature[3] || ':' || signature[4]),
    pg_catalog.hashtext('d:' || signature[2] || ':' || signature[3] || ':' || signature[4]),
    pg_catalog.hashtext('e:' || signature[5] || ':' || signature[6] || ':' || signature[7]),
    pg_catalog.hashtext('f:' || signature[5] || ':' || signature[6] || ':' || signature[8]),
    pg_catalog.hashtext('g:' || signature[5] || ':' || signature[7] || ':' || signature[8]),
    pg_catalog.hashtext('h:' || signature[6] || ':' || signature[7] || ':' || signature[8]),
    pg_catalog.hashtext('i:' || signature[9] || ':' || signature[10] || ':' || signature[11]),
    pg_catalog.hashtext('j:' || signature[9] || ':' || signature[10] || ':' || signature[12]),
    pg_catalog.hashtext('k:' || signature[9] || ':' || signature[11] || ':' || signature[12]),
    pg_catalog.hashtext('l:' || signature[10] || ':' || signature[11] || ':' || signature[12]),
    pg_catalog.hashtext('m:' || signature[13] || ':' || signature[14] || ':' || signature[15])
  ];
end
$$;
revoke all on function app_private.spam_blast_keys(integer[]) from public;
comment on function app_private.spam_blast_keys(integer[]) is
  'A MinHash signature''s values in parts of 4, 4, 4, 3 and 1, each three of a part hashed into one of 13 keys: every two leads that can be a blast (ten values in common) share a key, and are the candidates a blast is looked for among.';

-- The look-up reads three days back: the leads of those days get the new keys.
update public.contact_submissions set spam_blast_keys = app_private.spam_blast_keys(spam_signature)
  where spam_signature is not null and created_at > pg_catalog.now() - interval '3 days';
comment on column public.contact_submissions.spam_blast_keys is
  'The signature''s values, three at a time within parts, hashed (app_private.spam_blast_keys): the keys a blast''s look-up finds its candidates by.';
