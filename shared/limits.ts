/**
 * A submission's length limits (docs/product.md#contact-validation), counted in
 * Unicode code points after trimming, as PostgreSQL's char_length() counts them.
 * The form, the server and the messages read them here; the CHECK constraints in
 * supabase/migrations/ hold the same numbers.
 */
export const LIMITS = {
  name: { min: 1, max: 100 },
  email: { min: 3, max: 254 },
  message: { min: 1, max: 5000 },
} as const;

/**
 * A member's note on a lead holds as much as a message may. The database holds
 * the same number (lead_notes' CHECK and inbox_add_note);
 * tests/server/shared-rules-sql.test.ts keeps them in step.
 */
export const NOTE_MAX_CHARS = LIMITS.message.max;
