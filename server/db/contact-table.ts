import { CONTACT_FIELDS } from '../../src/features/contact/validation.ts';

/**
 * The one table visitors write to, as supabase/migrations/ creates it: its
 * name and its columns, for the REST layer (an unknown column is refused,
 * PGRST204) and for what anon may insert (its column grant).
 */
export const TABLE = 'contact_submissions';

export const TABLE_COLUMNS: readonly string[] = [
  'id',
  'created_at',
  'name',
  'email',
  'message',
  'status',
];

/** anon's column grant. The honeypot's optional `suspected_spam` joins it (helper `outbox`). */
export const INSERTABLE_COLUMNS: readonly string[] = CONTACT_FIELDS;
