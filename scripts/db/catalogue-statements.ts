import type { Catalogue } from './catalogue.ts';

/**
 * The statements migra does not write (scripts/db/schema-diff.ts), read off
 * two catalogues: each comment that differs, and who may call a function.
 */

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** "anon=X/postgres" → "anon"; "=X/postgres" (PUBLIC) → "public". */
const grantee = (item: string) => item.slice(0, item.indexOf('=')) || 'public';

/** A function's EXECUTE grants as `to`'s, from what `from` had (ACLs as the catalogue prints them). */
function functionGrants(signature: string, from: string | null, to: string | null): string[] {
  // No ACL is the default one: the owner and PUBLIC may execute.
  const items = (acl: string | null) => (acl ?? '=X/owner').split(' ');
  const had = new Set(items(from).map(grantee));
  const has = new Set(items(to).map(grantee));
  const owner = (to ?? from ?? '')
    .split(' ')
    .find((item) => item.includes('/'))
    ?.split('/')[1];
  const statements: string[] = [];
  for (const role of had) {
    if (!has.has(role) && role !== owner) {
      statements.push(`revoke execute on function ${signature} from ${role};`);
    }
  }
  for (const role of has) {
    if (!had.has(role) && role !== owner) {
      statements.push(`grant execute on function ${signature} to ${role};`);
    }
  }
  return statements;
}

/** What migra leaves out, from the two catalogues: comments, and who may call a function. */
export function catalogueStatements(now: Catalogue, wanted: Catalogue): string[] {
  const statements: string[] = [];
  for (const [key, props] of wanted) {
    const current = now.get(key);
    if (!current) continue;
    if ('comment' in props && (current.comment ?? null) !== (props.comment ?? null)) {
      statements.push(
        `comment on ${key} is ${props.comment === null ? 'null' : quote(props.comment!)};`,
      );
    }
    if (key.startsWith('function ') && (current.grants ?? null) !== (props.grants ?? null)) {
      statements.push(
        ...functionGrants(
          key.slice('function '.length),
          current.grants ?? null,
          props.grants ?? null,
        ),
      );
    }
  }
  return statements;
}
