// Sign-in, registration, the guard and the ended-session path, against the reference back office.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import {
  args,
  cookiesFrom,
  formRequest,
  pageRequest,
  startPortalBackoffice,
  thrown,
} from '../../tests/unit/portal-server';
import { flashAfter } from '../../tests/unit/flash';

let reference: TestBackoffice;
let actions: typeof import('./auth-actions.server');
let auth: typeof import('./auth.server');

beforeAll(async () => {
  reference = await startPortalBackoffice();
  actions = await import('./auth-actions.server');
  auth = await import('./auth.server');
});
afterAll(() => reference.dispose());

async function signIn(email: string, redirectTo = '') {
  const response = (await actions.loginAction(
    args(formRequest('/auth/login', { email, password: 'demo1234', redirectTo })),
  )) as Response;
  return { response, cookie: cookiesFrom(response) };
}

type Reply = {
  status?: string;
  error?: Record<string, string[] | null>;
  initialValue?: Record<string, unknown>;
};
async function replyOf(result: unknown): Promise<{ status: number; reply: Reply }> {
  const value = result as { init: ResponseInit | null; data: Reply };
  return { status: value.init?.status ?? 200, reply: value.data };
}

describe('login action', () => {
  it('signs in and goes to the dashboard with a signed, HttpOnly, SameSite=Lax cookie', async () => {
    const { response } = await signIn('client@example.com');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/dashboards/modern');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('__session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(decodeURIComponent(cookie)).not.toContain('demo1234');
  });

  it('sets Secure on the cookie over https', async () => {
    const request = formRequest(
      '/auth/login',
      { email: 'client@example.com', password: 'demo1234' },
      { origin: 'https://portal.example' },
    );
    const response = (await actions.loginAction(args(request))) as Response;
    expect(response.headers.getSetCookie().find((c) => c.startsWith('__session='))).toMatch(/Secure/);
  });

  it('returns to a same-site redirectTo, and never to another site', async () => {
    expect(
      (await signIn('client@example.com', '/apps/loans?tab=denied')).response.headers.get('Location'),
    ).toBe('/apps/loans?tab=denied');
    expect((await signIn('client@example.com', '//evil.example')).response.headers.get('Location')).toBe(
      '/dashboards/modern',
    );
  });

  it('answers wrong credentials with the spec message, keeping the e-mail and dropping the password', async () => {
    const result = await actions.loginAction(
      args(formRequest('/auth/login', { email: 'client@example.com', password: 'wrong-password' })),
    );
    const { status, reply } = await replyOf(result);
    expect(status).toBe(401);
    expect(reply.error?.['']).toEqual(['auth:login.wrongCredentials']);
    expect(reply.initialValue?.email).toBe('client@example.com');
    expect(reply.initialValue?.password).toBeUndefined();
  });

  it('rejects an invalid form before calling the back office', async () => {
    const { status, reply } = await replyOf(
      await actions.loginAction(args(formRequest('/auth/login', { email: 'nope', password: '' }))),
    );
    expect(status).toBe(400);
    expect(reply.error?.email).toEqual(['validation.email']);
    expect(reply.error?.password).toEqual(['validation.required']);
  });
});

describe('register action', () => {
  it('creates the customer with the name split at the first space; they sign in afterwards', async () => {
    const answer = (await actions.registerAction(
      args(
        formRequest('/auth/register', {
          fullName: 'Nadia Karim Saleh',
          email: 'nadia@example.com',
          password: 'a-long-password',
        }),
      ),
    )) as { sentTo: string | null };
    // Nobody is signed in by registering (a known address gets this same answer): "check your mail".
    expect(answer).not.toBeInstanceOf(Response);
    expect(answer.sentTo).toBe('nadia@example.com');
    const response = (await actions.loginAction(
      args(formRequest('/auth/login', { email: 'nadia@example.com', password: 'a-long-password' })),
    )) as Response;
    const { user } = await auth.requireUser(
      pageRequest('/dashboards/modern', { cookie: cookiesFrom(response) }),
    );
    expect(user).toMatchObject({
      firstName: 'Nadia',
      lastName: 'Karim Saleh',
      name: 'Nadia Karim Saleh',
      role: 'client',
    });
  });

  it('answers a taken e-mail like a new one: nothing on the page tells them apart', async () => {
    const answer = (await actions.registerAction(
      args(
        formRequest('/auth/register', {
          fullName: 'Someone Else',
          email: 'client@example.com',
          password: 'long-enough',
        }),
      ),
    )) as { result: Reply; sentTo: string | null };
    expect(answer).not.toBeInstanceOf(Response);
    expect(answer.sentTo).toBe('client@example.com');
    expect(answer.result.error ?? {}).toEqual({});
  });
});

describe('requireUser', () => {
  it('sends an anonymous visitor to sign in, remembering the page', async () => {
    const response = await thrown(() => auth.requireUser(pageRequest('/dashboards/modern?x=1')));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/auth/login?redirectTo=%2Fdashboards%2Fmodern%3Fx%3D1');
  });

  it('refuses a signed-in user without the role with 403', async () => {
    const { cookie } = await signIn('client@example.com');
    const response = await thrown(() =>
      auth.requireUser(pageRequest('/x', { cookie }), { anyOf: ['admin'] }),
    );
    expect(response.status).toBe(403);
  });

  it('lets a user with one of the roles in', async () => {
    const { cookie } = await signIn('agent@example.com');
    const { user } = await auth.requireUser(pageRequest('/x', { cookie }), {
      anyOf: ['warehouse_agent', 'admin'],
    });
    expect(user.email).toBe('agent@example.com');
  });

  it('ignores a cookie signed with another secret', async () => {
    const { cookie } = await signIn('client@example.com');
    const forged = cookie.replace(/__session=([^.;]*)\.[^;]*/, '__session=$1.forged');
    const response = await thrown(() =>
      auth.requireUser(pageRequest('/dashboards/modern', { cookie: forged })),
    );
    expect(response.headers.get('Location')).toMatch(/^\/auth\/login/);
  });
});

describe('an ended back-office session', () => {
  it('ends the portal session and asks to sign in again from the same page', async () => {
    const { cookie } = await signIn('client@example.com');
    const { loader } = await import('../routes/_portal.dashboards.modern');
    const before = await loader(args(pageRequest('/dashboards/modern', { cookie })));
    expect(before.contact?.partner_id).toBeTypeOf('number');

    // The back office ends every session of the user (as a password reset does).
    const { session } = await auth.requireUser(pageRequest('/x', { cookie }));
    await reference.call('logout', { session });

    const response = await thrown(() => loader(args(pageRequest('/dashboards/modern', { cookie }))));
    expect(response.headers.get('Location')).toBe('/auth/login?redirectTo=%2Fdashboards%2Fmodern&expired=1');
    expect(response.headers.get('Set-Cookie')).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
  });
});

describe('dashboard loader', () => {
  it('shows a client their own account and no user list', async () => {
    const { cookie } = await signIn('client@example.com');
    const { loader } = await import('../routes/_portal.dashboards.modern');
    const page = await loader(args(pageRequest('/dashboards/modern', { cookie })));
    expect(page.title).toBe('Dashboard · Harbour Freight');
    expect(page.contact?.email).toBe('client@example.com');
    expect(page.users).toBeNull();
  });

  it('shows staff the portal users by role', async () => {
    const { cookie } = await signIn('admin@example.com');
    const { loader } = await import('../routes/_portal.dashboards.modern');
    const page = await loader(args(pageRequest('/dashboards/modern', { cookie })));
    expect(page.users?.total).toBeGreaterThanOrEqual(4);
    expect(Object.fromEntries(page.users?.byRole ?? [])).toMatchObject({ admin: 1, warehouse_agent: 1 });
  });
});

describe('logout', () => {
  it('ends both sessions', async () => {
    const { cookie } = await signIn('client2@example.com');
    const { session } = await auth.requireUser(pageRequest('/x', { cookie }));
    const { action } = await import('../routes/auth.logout');
    const response = await action(args(formRequest('/auth/logout', {}, { cookie })));
    expect(response.headers.get('Location')).toBe('/auth/login');
    expect(await flashAfter(response)).toEqual({ key: 'auth:login.signedOut', tone: 'neutral' });
    expect((await reference.call('listUsers', { session })).status).toBe(401);
  });
});
