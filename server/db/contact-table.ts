import { CONTACT_FIELDS } from '../../shared/validation.ts';

/**
 * The one table visitors write to, as supabase/migrations/ creates it: its
 * name and its columns, for the REST layer (an unknown column is refused,
 * PGRST204) and for what anon may insert (its column grant).
 */
export const TABLE = 'contact_submissions';

/** The honeypot's flag (20261123040000_suspected_spam.sql): anon may set it, as a JSON boolean. */
export const SPAM_FLAG = 'suspected_spam';

/** The proof of work (20261124020000_proof_of_work.sql): anon sends it; the trigger sets `verified`. */
export const PROOF_COLUMN = 'proof';
/** Each submission's key, stored once (20261124010000_submission_key.sql). */
export const SUBMISSION_KEY = 'submission_key';

export const TABLE_COLUMNS: readonly string[] = [
  'id',
  'created_at',
  'name',
  'email',
  'message',
  'status',
  SPAM_FLAG,
  PROOF_COLUMN,
  'verified',
  SUBMISSION_KEY,
];

/** anon's column grant: the three fields, the honeypot's optional flag, the proof and the key. */
export const INSERTABLE_COLUMNS: readonly string[] = [
  ...CONTACT_FIELDS,
  SPAM_FLAG,
  PROOF_COLUMN,
  SUBMISSION_KEY,
];
