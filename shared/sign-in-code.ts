/**
 * The inbox's sign-in code (docs/inbox.md#guessing-a-code): one definition for
 * the sign-in form, which checks what is typed, and the server, which makes
 * and checks codes. Ten digits, the most Supabase Auth allows (set the same
 * "Email OTP Length" on hosted Supabase): under the server's limits a year of
 * guessing has about a 0.07 % chance. Six digits gave about 20 %.
 */
export const SIGN_IN_CODE_LENGTH = 10;

const CODE = new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`);

/** A code as typed, spaces taken out (a code may be pasted in groups); null if it cannot be one. */
export function readSignInCode(typed: string): string | null {
  const digits = typed.replace(/\s/g, '');
  return CODE.test(digits) ? digits : null;
}
