import { AUTHENTICATED, type SessionUser } from './access-token.ts';

/** A member as Supabase Auth describes a user (auth-js's User). */
export function userJson(user: SessionUser) {
  return {
    id: user.userId,
    aud: AUTHENTICATED,
    role: AUTHENTICATED,
    email: user.email,
    email_confirmed_at: user.addedAt,
    phone: '',
    confirmed_at: user.addedAt,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    identities: [],
    created_at: user.addedAt,
    updated_at: user.addedAt,
    is_anonymous: false,
  };
}
