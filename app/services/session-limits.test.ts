// The portal's own sign-in ends 12 hours after it began, however busy the user (the back office ends
// its session then too, and after 30 minutes unused: backoffice/auth.test.ts): the next page sends the
// user to sign in again with the "session expired" message, and the cookie is cleared.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookiesFrom, pageRequest, thrown } from '../../tests/unit/portal-server';

beforeAll(() => {
  process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-signing-cookies';
});
afterEach(() => vi.useRealTimers());

const USER = {
  id: 3,
  email: 'client@example.com',
  firstName: 'Test',
  lastName: 'Client',
  name: 'Test Client',
  partner_id: 7,
  roles: ['client'],
  role: 'client',
  profile_image: null,
};

async function signInAt(time: number): Promise<{ cookie: string; setCookie: string }> {
  vi.useFakeTimers({ now: time, toFake: ['Date'] });
  const { commitSignIn } = await import('./session.server');
  const answer = await commitSignIn(pageRequest('/auth/login'), { user: USER, backoffice: 'token' }, '/');
  return { cookie: cookiesFrom(answer), setCookie: answer.headers.get('Set-Cookie') ?? '' };
}

describe('the absolute session limit', () => {
  it('keeps the cookie for 12 hours', async () => {
    const { setCookie } = await signInAt(Date.parse('2026-11-23T08:00:00Z'));
    expect(setCookie).toContain('Max-Age=43200');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it('lets the user in until 12 hours after sign-in, then asks to sign in again with the message', async () => {
    const start = Date.parse('2026-11-23T08:00:00Z');
    const { cookie } = await signInAt(start);
    const { requireUser } = await import('./auth.server');
    vi.setSystemTime(start + 12 * 3600_000 - 60_000);
    expect((await requireUser(pageRequest('/apps/loans', { cookie }))).user.email).toBe(USER.email);

    vi.setSystemTime(start + 12 * 3600_000 + 60_000);
    const answer = await thrown(() => requireUser(pageRequest('/apps/loans?tab=repaid', { cookie })));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe(
      '/auth/login?redirectTo=%2Fapps%2Floans%3Ftab%3Drepaid&expired=1',
    );
    expect(answer.headers.get('Set-Cookie')).toMatch(/__session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
  });

  it('sends an anonymous visitor to sign in without the message', async () => {
    const { requireUser } = await import('./auth.server');
    const answer = await thrown(() => requireUser(pageRequest('/apps/loans')));
    expect(answer.headers.get('Location')).toBe('/auth/login?redirectTo=%2Fapps%2Floans');
  });
});
