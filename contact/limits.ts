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
