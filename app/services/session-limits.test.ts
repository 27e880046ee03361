// The portal's own sign-in ends 12 hours after it began, however busy the user, and after 30 minutes
// without a request on any page (the back office ends its session then too: backoffice/auth.test.ts):
// the next page sends the user to sign in again with the "session expired" message, and the cookie is
// cleared.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { backoffice } from './backoffice/client.server';
import { cookiesFrom, pageRequest, thrown } from '../../tests/unit/portal-server';

beforeAll(() => {
  process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-signing-cookies';
  // These limits are the portal's own: no back office answers here, so its session check lets every
  // request on (session-check.test.ts covers the back office's answer).
  process.env.BACKOFFICE_URL = 'http://127.0.0.1:9';
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

const MINUTE = 60_000;

/** Requests every 20 minutes from `from` to `until` (the clock ends at `until`); the last cookie. */
async function stayActive(cookie: string, from: number, until: number): Promise<string> {
  const { refreshSeen } = await import('./session.server');
  let current = cookie;
  for (let time = from + 20 * MINUTE; time < until; time += 20 * MINUTE) {
    vi.setSystemTime(time);
    current = nextCookie(
      current,
      (await refreshSeen(pageRequest('/', { cookie: current }), new Headers()))?.setCookie ?? '',
    );
  }
  vi.setSystemTime(until);
  return current;
}

/** The Cookie header after a response that may set a new session cookie. */
function nextCookie(cookie: string, setCookie: string): string {
  return setCookie ? (setCookie.split(';')[0] ?? cookie) : cookie;
}

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
    const signedIn = await signInAt(start);
    const { requireUser } = await import('./auth.server');
    const cookie = await stayActive(signedIn.cookie, start, start + 12 * 3600_000 - 60_000);
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

describe('the idle limit, on every page', () => {
  it('ends a sign-in after 30 minutes without a request, even before the 12 hours', async () => {
    const start = Date.parse('2026-11-23T08:00:00Z');
    const { cookie } = await signInAt(start);
    const { requireUser } = await import('./auth.server');
    vi.setSystemTime(start + 29 * MINUTE);
    expect((await requireUser(pageRequest('/apps/chats', { cookie }))).user.email).toBe(USER.email);

    vi.setSystemTime(start + 31 * MINUTE);
    const answer = await thrown(() => requireUser(pageRequest('/apps/chats', { cookie })));
    expect(answer.headers.get('Location')).toBe('/auth/login?redirectTo=%2Fapps%2Fchats&expired=1');
  });

  it('counts each request as activity: the refreshed cookie keeps the user in past 30 minutes', async () => {
    const start = Date.parse('2026-11-23T08:00:00Z');
    let { cookie } = await signInAt(start);
    const { requireUser } = await import('./auth.server');
    const { refreshSeen } = await import('./session.server');
    for (let minute = 20; minute <= 100; minute += 20) {
      vi.setSystemTime(start + minute * MINUTE);
      const refreshed = await refreshSeen(pageRequest('/apps/notes', { cookie }), new Headers());
      expect(refreshed?.setCookie).toMatch(/^__session=/);
      expect(refreshed?.backoffice).toBe('token');
      cookie = nextCookie(cookie, refreshed?.setCookie ?? '');
    }
    vi.setSystemTime(start + 125 * MINUTE);
    expect((await requireUser(pageRequest('/apps/notes', { cookie }))).user.email).toBe(USER.email);
  });

  it('keeps the absolute end: the refreshed cookie expires 12 hours after sign-in, and is refused after', async () => {
    const start = Date.parse('2026-11-23T08:00:00Z');
    const signedIn = await signInAt(start);
    const { requireUser } = await import('./auth.server');
    const { refreshSeen } = await import('./session.server');
    let cookie = await stayActive(signedIn.cookie, start, start + 2 * 3600_000 - 10 * MINUTE);
    vi.setSystemTime(start + 2 * 3600_000);
    const refreshed = await refreshSeen(pageRequest('/', { cookie }), new Headers());
    expect(refreshed?.setCookie).toContain(`Max-Age=${10 * 3600}`);
    cookie = await stayActive(
      nextCookie(cookie, refreshed?.setCookie ?? ''),
      start + 2 * 3600_000,
      start + 12 * 3600_000 + MINUTE,
    );
    const answer = await thrown(() => requireUser(pageRequest('/apps/loans', { cookie })));
    expect(answer.headers.get('Location')).toContain('expired=1');
  });

  it('writes the cookie again at most once a minute, and never over a sign-in or sign-out', async () => {
    const start = Date.parse('2026-11-23T08:00:00Z');
    const { cookie } = await signInAt(start);
    const { refreshSeen } = await import('./session.server');
    vi.setSystemTime(start + 30_000);
    expect(await refreshSeen(pageRequest('/', { cookie }), new Headers())).toBeNull();
    vi.setSystemTime(start + 5 * MINUTE);
    const signingOut = new Headers({ 'Set-Cookie': '__session=; Max-Age=0; Path=/' });
    expect(await refreshSeen(pageRequest('/auth/logout', { cookie }), signingOut)).toBeNull();
    expect(await refreshSeen(pageRequest('/'), new Headers())).toBeNull();
    vi.setSystemTime(start + 40 * MINUTE);
    expect(await refreshSeen(pageRequest('/', { cookie }), new Headers())).toBeNull();
  });

  it('keeps the sign-in time when the user changes their name', async () => {
    const start = Date.parse('2026-11-23T08:00:00Z');
    const signedIn = await signInAt(start);
    const { requireUser } = await import('./auth.server');
    const { commitUser } = await import('./session.server');
    let cookie = await stayActive(signedIn.cookie, start, start + 11 * 3600_000 + 50 * MINUTE);
    const saved = await commitUser(
      pageRequest('/pages/account-settings', { cookie }),
      { ...USER, name: 'New Name' },
      '/x',
    );
    expect(saved.headers.get('Set-Cookie')).toContain('Max-Age=600');
    cookie = cookiesFrom(saved);
    expect((await requireUser(pageRequest('/', { cookie }))).user.name).toBe('New Name');
    vi.setSystemTime(start + 12 * 3600_000 + MINUTE);
    const answer = await thrown(() => requireUser(pageRequest('/', { cookie })));
    expect(answer.headers.get('Location')).toContain('expired=1');
  });
});

describe('telling the back office the session is in use', () => {
  it('adds the refreshed cookie and calls the back office at most once in five minutes per session', async () => {
    const start = Date.parse('2026-11-23T08:00:00Z');
    const { cookie } = await signInAt(start);
    const call = vi.spyOn(backoffice(), 'call').mockResolvedValue({} as never);
    const { markActivity } = await import('./activity.server');
    const times = [2, 4, 6, 8, 14];
    let current = cookie;
    for (const minute of times) {
      vi.setSystemTime(start + minute * MINUTE);
      const headers = new Headers();
      await markActivity(pageRequest('/apps/email', { cookie: current }), headers);
      expect(headers.get('Set-Cookie')).toMatch(/^__session=/);
      current = nextCookie(current, headers.get('Set-Cookie') ?? '');
    }
    // At minutes 2, 8 and 14 (five minutes apart at least); not at 4 and 6.
    expect(call).toHaveBeenCalledTimes(3);
    expect(call).toHaveBeenCalledWith('getProfile', { session: 'token' });
    call.mockRestore();
  });
});

describe('the server entry', () => {
  it('sends the refreshed cookie with data requests, and marks them private', async () => {
    const start = Date.parse('2026-11-23T08:00:00Z');
    const { cookie } = await signInAt(start);
    const call = vi.spyOn(backoffice(), 'call').mockResolvedValue({} as never);
    const { handleDataRequest } = await import('../entry.server');
    vi.setSystemTime(start + 10 * MINUTE);
    const answer = await handleDataRequest(new Response('{}'), {
      request: pageRequest('/apps/notes.data', { cookie }),
    });
    expect(answer.headers.get('Set-Cookie')).toMatch(/^__session=/);
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    call.mockRestore();
  });
});
