// Wrong two-step codes are throttled per client address in the portal (before the back office is
// asked) and locked per account by the back office, with the sign-in's own messages.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import { cookiesFrom, formRequest, startPortalBackoffice } from '../../tests/unit/portal-server';

let reference: TestBackoffice;
beforeAll(async () => {
  reference = await startPortalBackoffice();
});
afterAll(() => reference.dispose());

const PASSWORD = 'harbour-cranes-at-dawn';

/** The authenticator app's code, `steps` time steps from now. */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** A new account with two-step verification on; returns its secret. */
async function accountWithTwoSteps(email: string): Promise<string> {
  await reference.call('signup', { body: { email, password: PASSWORD, firstName: 'Tam' } });
  const session = await reference.login(email, PASSWORD);
  const { secret } = (await reference.call('setupTwoFactor', { session })).body as { secret: string };
  expect((await reference.call('enableTwoFactor', { session, body: { code: codeFor(secret) } })).status).toBe(
    200,
  );
  return secret;
}

const context = (address: string) => ({ cspNonce: 'n', clientAddress: address });

/** The password step through the portal: the cookie that carries the sign-in on to its code. */
async function passwordStep(email: string, address: string): Promise<string> {
  const { loginAction } = await import('./auth-actions.server');
  const response = (await loginAction({
    request: formRequest('/auth/login', { email, password: PASSWORD }),
    params: {},
    context: context(address),
  })) as Response;
  expect(response.headers.get('Location')).toBe('/auth/two-steps');
  return cookiesFrom(response);
}

async function codeStep(cookie: string, code: string, address: string) {
  const { twoStepsAction } = await import('./auth-actions.server');
  return (await twoStepsAction({
    request: formRequest('/auth/two-steps', { code }, { cookie }),
    params: {},
    context: context(address),
  })) as unknown;
}

type Reply = { init: { status: number }; data: { error?: Record<string, string[]> } };

describe('wrong two-step codes', () => {
  it('stop an address after 10, before the back office is asked, with the sign-in message', async () => {
    const address = '203.0.113.77';
    for (const email of ['codes-a@example.com', 'codes-b@example.com']) {
      await accountWithTwoSteps(email);
      const cookie = await passwordStep(email, address);
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const wrong = (await codeStep(cookie, '000000', address)) as Reply;
        expect(wrong.init.status).toBe(401);
        expect(wrong.data.error?.code).toEqual(['auth:twoSteps.wrongCode']);
      }
      // The fifth wrong code locks the account (back office): back to sign-in with the lock's minutes.
      const locked = (await codeStep(cookie, '000000', address)) as Response;
      expect(locked.headers.get('Location')).toBe('/auth/login?twoSteps=locked&minutes=15');
    }

    const secret = await accountWithTwoSteps('codes-c@example.com');
    const cookie = await passwordStep('codes-c@example.com', address);
    const refused = (await codeStep(cookie, codeFor(secret, 1), address)) as Reply & {
      init: { headers: Record<string, string> };
    };
    expect(refused.init.status).toBe(429);
    expect(refused.init.headers['Retry-After']).toBeDefined();
    expect(refused.data.error?.['']?.[0]).toMatch(/^auth:login\.tooManyAttempts\|\{"count":1[45]\}$/);

    // The back office never saw that code: the same code, from another address, signs in.
    const other = (await codeStep(cookie, codeFor(secret, 1), '198.51.100.8')) as Response;
    expect(other.status).toBe(302);
    expect(other.headers.get('Location')).toBe('/dashboards/modern');
  });
});
