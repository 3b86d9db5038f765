import { isAuthError } from '@supabase/auth-js';
import { useRef, useState, type FormEvent } from 'react';
import { isEmailAddress } from '../../shared/email-address';
import { readSignInCode } from '../../shared/sign-in-code';
import { inboxCopy } from '../content/inbox';
import { signInProblem } from './auth-errors';
import { inboxClients } from './supabase';

const copy = inboxCopy.signIn;
/** Which step waits on Supabase Auth: sending the code, or checking it. */
export type SignInBusy = 'send' | 'verify' | null;

/**
 * Sign-in's two steps (Supabase Auth's email OTP): send a code to the
 * address, then check the code typed. The fields are uncontrolled (read
 * through their refs), so what is typed before hydration stays.
 */
export function useSignIn() {
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<SignInBusy>(null);
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
      // The disabled button lost the focus: back to the address, which the problem describes.
      emailRef.current?.focus();
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
      codeRef.current?.focus();
      codeRef.current?.select();
    }
    // Signed in: the session's change replaces this form with the inbox.
  };

  return { emailRef, codeRef, busy, sentTo, emailProblem, codeProblem, sendCode, verify };
}
