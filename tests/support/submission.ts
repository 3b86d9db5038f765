/**
 * Digits, not letters, make each submission unique: the spam score reads a
 * message's words of letters only, and one of 8 words or more that other
 * senders sent in the last 3 days is held as a blast
 * (supabase/schemas/55_spam_score.sql). Every test's lead says the same words,
 * so they stay under 8 (4, the tag's and any a test adds), and the digits are
 * too few to read as a phone number (src/inbox/phone.ts).
 */
const UNIQUE_DIGITS = 8;

/** A submission unique to one test, so tests sharing a worker's database never collide. */
export function uniqueSubmission(tag: string) {
  const digits = Math.random()
    .toFixed(UNIQUE_DIGITS + 2)
    .slice(2, 2 + UNIQUE_DIGITS);
  const id = `${tag}-${digits}`;
  return {
    name: `Jane Smith ${id}`,
    email: `jane.${id}@example.co.uk`,
    message: `Booking page times out (${id}).`,
  };
}

/**
 * A link-building pitch the spam score holds: calling the reader "website owner" and three of the
 * SEO pitch's phrases score 7 (the held line is 5; docs/spam.md). Under 8 words, so two tests'
 * copies make no blast of it.
 */
export const HELD_PITCH = {
  message: 'Website owner? High quality backlinks, guest posts!',
  reasons: ['pitch:owner', 'pitch:seo'],
};
