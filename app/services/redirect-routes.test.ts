// Every route that takes a `redirectTo` sends a hostile one home: the signed-in sign-in page, the
// sign-in action, the pending two-step sign-in and the preferences form (which anyone may post).
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
import { HOME } from './redirect';

/** Each resolves, in a browser, to another host. */
const HOSTILE = [
  '//evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/%2e%2e//evil.example',
  '/.%2E//evil.example',
  '/a/..//evil.example',
  '/\\evil.example',
  '/./\\evil.example',
  '/\t/evil.example',
  '/.//\nevil.example',
  'https://evil.example',
  'javascript:alert(1)',
];

let reference: TestBackoffice;
let clientCookie: string;

beforeAll(async () => {
  reference = await startPortalBackoffice();
  const { loginAction } = await import('./auth-actions.server');
  clientCookie = cookiesFrom(
    (await loginAction(
      args(formRequest('/auth/login', { email: 'client@example.com', password: 'demo1234' })),
    )) as Response,
  );
});
afterAll(() => reference.dispose());

describe.each(HOSTILE)('redirectTo=%j', (hostile) => {
  it('lands home from the sign-in page of a signed-in user', async () => {
    const { loader } = await import('~/routes/auth.login');
    const url = `/auth/login?${new URLSearchParams({ redirectTo: hostile })}`;
    const response = await thrown(() => loader(args(pageRequest(url, { cookie: clientCookie }))));
    expect(response.headers.get('Location')).toBe(HOME);
  });

  it('lands home after signing in', async () => {
    const { loginAction } = await import('./auth-actions.server');
    const response = (await loginAction(
      args(
        formRequest('/auth/login', {
          email: 'client2@example.com',
          password: 'demo1234',
          redirectTo: hostile,
        }),
      ),
    )) as Response;
    expect(response.headers.get('Location')).toBe(HOME);
  });

  it('lands home after the second step of a sign-in', async () => {
    const { pendingSignIn, startTwoSteps } = await import('./two-steps.server');
    const started = await startTwoSteps(pageRequest('/auth/login'), {
      challenge: 'c'.repeat(43),
      redirectTo: hostile,
      design: '',
    });
    const pending = await pendingSignIn(pageRequest('/auth/two-steps', { cookie: cookiesFrom(started) }));
    expect(pending?.redirectTo).toBe(HOME);
  });

  it('lands on the home page after an anonymous preference change', async () => {
    const { action } = await import('~/routes/preferences');
    const response = (await action(
      args(formRequest('/preferences', { intent: 'language', lng: 'fr', redirectTo: hostile })),
    )) as Response;
    expect(response.headers.get('Location')).toBe('/');
  });
});
