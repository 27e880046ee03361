// With the back office unreachable, every form says so in words and the health check reports it.
import { beforeAll, describe, expect, it } from 'vitest';
import { args, cookiesFrom, formRequest, pageRequest } from '../../tests/unit/portal-server';

beforeAll(() => {
  process.env.BACKOFFICE_URL = 'http://127.0.0.1:9';
  process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-signing-cookies';
  process.env.BACKOFFICE_TIMEOUT_MS = '2000';
});

type Reply = {
  init: ResponseInit | null;
  data: { error?: Record<string, string[] | null>; result?: { error?: Record<string, string[] | null> } };
};

describe('when the back office is down', () => {
  it('sign-in says the service is unavailable, with the e-mail kept', async () => {
    const { loginAction } = await import('./auth-actions.server');
    const result = (await loginAction(
      args(formRequest('/auth/login', { email: 'client@example.com', password: 'demo1234' })),
    )) as unknown as Reply & { data: { initialValue?: Record<string, string> } };
    expect(result.init?.status).toBe(503);
    expect(result.data.error?.['']).toEqual(['auth:login.unavailable']);
    expect(result.data.initialValue?.email).toBe('client@example.com');
    expect(result.data.initialValue?.password).toBeUndefined();
  });

  it('forgot-password says the service is unreachable', async () => {
    const { forgotPasswordAction } = await import('./auth-actions.server');
    const result = (await forgotPasswordAction(
      args(formRequest('/auth/forgot-password', { email: 'client@example.com' })),
    )) as unknown as Reply;
    expect(result.data.result?.error?.['']).toEqual(['common:errors.unavailable']);
  });

  it('registration says the service is unreachable and keeps the form', async () => {
    const { registerAction } = await import('./auth-actions.server');
    const result = (await registerAction(
      args(
        formRequest('/auth/register', { fullName: 'A B', email: 'ab@example.com', password: 'long-enough' }),
      ),
    )) as unknown as { data: { result: Reply['data'] & { initialValue?: Record<string, string> } } };
    expect(result.data.result.error?.['']).toEqual(['common:errors.unavailable']);
    expect(result.data.result.initialValue?.fullName).toBe('A B');
  });

  it('/healthz answers 200 from the process alone; /readyz answers 503 naming the back office', async () => {
    const { loader: live } = await import('../routes/healthz');
    const liveness = live();
    expect(liveness.status).toBe(200);
    expect(await liveness.json()).toEqual({ status: 'ok' });
    const { loader: ready } = await import('../routes/readyz');
    const readiness = await ready();
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toEqual({ status: 'unavailable', backoffice: 'unreachable' });
  });
});

describe('a signed-in staff member when the back office is down', () => {
  it('is told that the customers could not be loaded, instead of an empty choice', async () => {
    const { commitSignIn } = await import('./session.server');
    const staff = {
      id: 2,
      email: 'agent@example.com',
      firstName: 'Omar',
      lastName: 'Farouk',
      name: 'Omar Farouk',
      partner_id: 1,
      roles: ['warehouse_agent'],
      role: 'warehouse_agent',
      profile_image: null,
    };
    const signedIn = await commitSignIn(
      pageRequest('/auth/login'),
      { user: staff, backoffice: 'token' },
      '/',
    );
    const { loader } = await import('../routes/_portal.apps.request-for-service');
    const page = await loader(
      args(pageRequest('/apps/request-for-service', { cookie: cookiesFrom(signedIn) })),
    );
    expect(page.customers).toEqual([]);
    expect(page.loadError).toBe('The service is not reachable right now. Please try again in a moment.');
  });
});
