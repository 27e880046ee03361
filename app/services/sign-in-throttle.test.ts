// Repeated failed sign-ins are throttled: per client address in the portal, per account in the back
// office — with a clear message, and the same answers whether an account exists or not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import { formRequest, startPortalBackoffice } from '../../tests/unit/portal-server';

let reference: TestBackoffice;
beforeAll(async () => {
  reference = await startPortalBackoffice();
});
afterAll(() => reference.dispose());

type Reply = {
  init: ResponseInit & { headers?: Record<string, string> };
  data: { error?: Record<string, string[]> };
};

async function signIn(email: string, password: string, address: string) {
  const { loginAction } = await import('./auth-actions.server');
  const request = formRequest('/auth/login', { email, password });
  return (await loginAction({
    request,
    params: {},
    context: { cspNonce: 'n', clientAddress: address },
  })) as unknown;
}

describe('throttling failed sign-ins', () => {
  it('stops an address after 20 failures, with a message saying how long to wait', async () => {
    const address = '203.0.113.9';
    for (let i = 0; i < 20; i += 1) {
      // A different address each time: the back office's per-account count stays out of the way.
      const reply = (await signIn(`nobody-${i}@example.com`, 'wrong-password', address)) as Reply;
      expect(reply.init.status).toBe(401);
    }
    const blocked = (await signIn('client@example.com', 'demo1234', address)) as Reply;
    expect(blocked.init.status).toBe(429);
    expect(blocked.data.error?.['']?.[0]).toMatch(/^auth:login\.tooManyAttempts\|\{"count":1[45]\}$/);
    // Another address is not affected.
    const other = (await signIn('client@example.com', 'demo1234', '198.51.100.7')) as Response;
    expect(other.status).toBe(302);
  });

  it('stops an account after 5 failures (the back office counts), known or not alike', async () => {
    const address = '192.0.2.44';
    for (const email of ['client2@example.com', 'ghost@example.com']) {
      for (let i = 0; i < 5; i += 1) {
        const reply = (await signIn(email, 'wrong-password', address)) as Reply;
        expect(reply.init.status, `${email} attempt ${i + 1}`).toBe(401);
        expect(reply.data.error?.['']).toEqual(['auth:login.wrongCredentials']);
      }
      const locked = (await signIn(
        email,
        email === 'ghost@example.com' ? 'x' : 'demo1234',
        address,
      )) as Reply;
      expect(locked.init.status, email).toBe(429);
      expect(locked.data.error?.['']?.[0]).toMatch(/^auth:login\.accountLocked\|/);
    }
  });
});
