import { describe, expect, it } from 'vitest';
import { parseSiteEnv } from '../../src/config/env';
import { telHref } from '../../src/lib/tel-href';

describe('parseSiteEnv', () => {
  it('falls back to the documented defaults', () => {
    const config = parseSiteEnv({});
    expect(config.contactEmail).toBe('hello@example.com');
    expect(config.contactPhone).toBe('01632 960123');
    expect(config.apiUrl).toBe('');
    expect(config.social).toEqual({ linkedin: undefined, twitter: undefined, github: undefined });
  });

  it('reads social links and the hosted backend', () => {
    const config = parseSiteEnv({
      VITE_SOCIAL_LINKEDIN: 'https://www.linkedin.com/company/example/',
      VITE_SUPABASE_URL: 'https://abc.supabase.co/',
      VITE_SUPABASE_ANON_KEY: 'public-key',
    });
    expect(config.social.linkedin).toBe('https://www.linkedin.com/company/example');
    expect(config.apiUrl).toBe('https://abc.supabase.co');
  });

  it('posts to our API on another origin, without a key, under the clearer name', () => {
    const config = parseSiteEnv({ VITE_API_URL: 'https://api.example.co.uk/' });
    expect(config.apiUrl).toBe('https://api.example.co.uk');
    expect(config.supabaseAnonKey).toBe('');
  });

  it('posts the form natively to this server, to a named API, or (hosted Supabase) nowhere', () => {
    const hosted = { VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'k' };
    expect(parseSiteEnv({}).formAction).toBe('/contact');
    expect(parseSiteEnv(hosted).formAction).toBe('');
    const api = { VITE_API_URL: 'https://api.example.co.uk' };
    expect(parseSiteEnv(api).formAction).toBe('https://api.example.co.uk/contact');
  });

  it.each([
    [{ VITE_CONTACT_EMAIL: 'not-an-email' }, /VITE_CONTACT_EMAIL/],
    [{ VITE_CONTACT_PHONE: 'call me' }, /VITE_CONTACT_PHONE/],
    [{ VITE_SITE_URL: 'example.com' }, /VITE_SITE_URL/],
    [{ VITE_SOCIAL_GITHUB: 'javascript:alert(1)' }, /VITE_SOCIAL_GITHUB/],
    [{ VITE_SUPABASE_URL: 'https://abc.supabase.co' }, /VITE_SUPABASE_ANON_KEY/],
    [{ VITE_API_URL: 'api.example.co.uk' }, /VITE_API_URL/],
    [
      {
        VITE_API_URL: 'https://api.example.co.uk',
        VITE_SUPABASE_URL: 'https://abc.supabase.co',
        VITE_SUPABASE_ANON_KEY: 'public-key',
      },
      /VITE_API_URL and VITE_SUPABASE_URL/,
    ],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => parseSiteEnv(env)).toThrow(message);
  });
});

describe('telHref', () => {
  it('writes UK numbers in international form', () => {
    expect(telHref('01632 960123')).toBe('tel:+441632960123');
    expect(telHref('+44 20 7946 0000')).toBe('tel:+442079460000');
  });
});
