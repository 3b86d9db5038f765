import { useRef } from 'react';
import { inboxCopy } from '../../content/inbox';
import { useHydrated } from '../../hooks/use-hydrated';
import { useFocusIfLost } from '../use-focus-kept';
import { useSignIn } from '../use-sign-in';
import { CodeStep, EmailStep } from './sign-in-steps';

const copy = inboxCopy.signIn;

/**
 * Sign-in by an emailed code (Supabase Auth's email OTP). Both steps are in
 * the prerendered HTML, so a member holding a code can go straight to the
 * second. The fields are uncontrolled: what is typed before the script has
 * hydrated stays. The buttons wait for hydration, so nothing is ever sent
 * natively (an address in a URL).
 */
export function SignIn({
  afterSession = false,
}: {
  /** Shown where the workspace was (signed out, here or elsewhere), not on arrival. */
  afterSession?: boolean;
}) {
  const hydrated = useHydrated();
  const signIn = useSignIn();
  const disabled = !hydrated || signIn.busy !== null;
  const heading = useRef<HTMLHeadingElement>(null);
  // Signed out: "Sign out", or whatever the member was on, went with the workspace, and the
  // focus with it. They start again at the form, not at the top of the page.
  useFocusIfLost(heading, afterSession);
  return (
    <div className="mx-auto w-full max-w-md rounded-3xl border border-line bg-surface p-6 shadow-sm sm:p-8">
      <h1
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight text-ink focus:outline-none"
      >
        {copy.heading}
      </h1>
      <p className="mt-2 text-muted">{copy.intro}</p>
      <noscript>
        <p className="mt-4 rounded-xl bg-raised px-4 py-3 text-sm text-ink">{inboxCopy.noScript}</p>
      </noscript>
      <EmailStep
        inputRef={signIn.emailRef}
        problem={signIn.emailProblem}
        sentTo={signIn.sentTo}
        disabled={disabled}
        busy={signIn.busy === 'send'}
        onSubmit={signIn.sendCode}
      />
      <CodeStep
        inputRef={signIn.codeRef}
        problem={signIn.codeProblem}
        sentTo={signIn.sentTo}
        disabled={disabled}
        busy={signIn.busy === 'verify'}
        onSubmit={signIn.verify}
      />
    </div>
  );
}
