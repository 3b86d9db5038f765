import { isAuthError } from '@supabase/auth-js';
import { useRef, useState, type FormEvent } from 'react';
import { isEmailAddress } from '../../../contact/email-address';
import { readSignInCode, SIGN_IN_CODE_LENGTH } from '../../../contact/sign-in-code';
import { buttonClass } from '../../components/ui/button-styles';
import { inboxCopy } from '../../content/inbox';
import { inputClass } from '../../features/contact/form-field';
import { useHydrated } from '../../hooks/use-hydrated';
import { signInProblem } from '../auth-errors';
import { inboxClients } from '../supabase';
import { Field } from './field';

const copy = inboxCopy.signIn;
/** The code's digits and room for spaces, as when it is pasted in groups of three or five. */
const CODE_FIELD_LENGTH = SIGN_IN_CODE_LENGTH + 4;
type Busy = 'send' | 'verify' | null;

/**
 * Sign-in by an emailed code (Supabase Auth's email OTP). Both steps are in
 * the prerendered HTML, so a member holding a code can go straight to the
 * second. The fields are uncontrolled: what is typed before the script has
 * hydrated stays. The buttons wait for hydration, so nothing is ever sent
 * natively (an address in a URL).
 */
export function SignIn({ ended }: { ended?: boolean }) {
  const hydrated = useHydrated();
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [sentTo, setSentTo] = useState('');
  const [emailProblem, setEmailProblem] = useState('');
  const [codeProblem, setCodeProblem] = useState('');

  const readEmail = () => {
    const email = emailRef.current?.value.trim() ?? '';
    if (isEmailAddress(email)) return email;
    setEmailProblem(copy.badEmail);
    emailRef.current?.focus();
    return null;
  };

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    setEmailProblem('');
    const email = readEmail();
    if (!email) return;
    setBusy('send');
    const { error } = await inboxClients().auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false },
    });
    setBusy(null);
    // Hosted Supabase refuses an address that is no user (otp_disabled): it gets the same answer.
    if (error && !(isAuthError(error) && error.code === 'otp_disabled')) {
      setEmailProblem(signInProblem(error));
      return;
    }
    setSentTo(email);
    codeRef.current?.focus();
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setCodeProblem('');
    const email = readEmail();
    if (!email) return;
    const token = readSignInCode(codeRef.current?.value ?? '');
    if (!token) {
      setCodeProblem(copy.badCode);
      codeRef.current?.focus();
      return;
    }
    setBusy('verify');
    const { error } = await inboxClients().auth.verifyOtp({ email, token, type: 'email' });
    setBusy(null);
    if (error) {
      setCodeProblem(signInProblem(error));
      codeRef.current?.select();
    }
    // Signed in: the session's change replaces this form with the inbox.
  };

  return (
    <div className="mx-auto w-full max-w-md rounded-3xl border border-line bg-surface p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink">{copy.heading}</h1>
      <p className="mt-2 text-muted">{copy.intro}</p>
      <noscript>
        <p className="mt-4 rounded-xl bg-raised px-4 py-3 text-sm text-ink">{inboxCopy.noScript}</p>
      </noscript>
      {ended ? (
        <p role="status" className="mt-4 rounded-xl bg-raised px-4 py-3 text-sm text-ink">
          {copy.signedOut}
        </p>
      ) : null}
      <form onSubmit={sendCode} method="post" noValidate className="mt-6 space-y-4">
        <Field id="inbox-email" label={copy.email} problem={emailProblem}>
          {(describedBy) => (
            <input
              ref={emailRef}
              id="inbox-email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              aria-invalid={emailProblem ? true : undefined}
              aria-describedby={describedBy}
              className={inputClass}
            />
          )}
        </Field>
        <button
          type="submit"
          disabled={!hydrated || busy !== null}
          aria-busy={busy === 'send'}
          className={buttonClass(sentTo ? 'outline' : 'warm', 'w-full')}
        >
          {copy.sendCode}
        </button>
        <p role="status" className="text-sm text-muted empty:hidden">
          {sentTo ? copy.sent(sentTo) : ''}
        </p>
      </form>
      <form
        onSubmit={verify}
        method="post"
        noValidate
        className="mt-6 space-y-4 border-t border-line pt-6"
      >
        <Field id="inbox-code" label={copy.code} hint={copy.codeHint} problem={codeProblem}>
          {(describedBy) => (
            <input
              ref={codeRef}
              id="inbox-code"
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={CODE_FIELD_LENGTH}
              required
              aria-invalid={codeProblem ? true : undefined}
              aria-describedby={describedBy}
              className={`${inputClass} font-mono tracking-[0.3em]`}
            />
          )}
        </Field>
        <button
          type="submit"
          disabled={!hydrated || busy !== null}
          aria-busy={busy === 'verify'}
          className={buttonClass(sentTo ? 'warm' : 'outline', 'w-full')}
        >
          {copy.signIn}
        </button>
      </form>
    </div>
  );
}
