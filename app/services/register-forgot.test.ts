// Registration and "forgot your password?" tell nobody who has an account, and are throttled per
// client address here (the back office also caps the mails to one address).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import { formRequest, startPortalBackoffice } from '../../tests/unit/portal-server';
import { flashAfter } from '../../tests/unit/flash';

let reference: TestBackoffice;
beforeAll(async () => {
  reference = await startPortalBackoffice();
});
afterAll(() => reference.dispose());

type Submission = {
  status?: string;
  error?: Record<string, string[]>;
  initialValue?: Record<string, unknown>;
};
type Answer = { result: Submission; sentTo: string | null };
type Refusal = { data: Answer; init: { status: number; headers: Record<string, string> } };

const context = (address: string) => ({ cspNonce: 'n', clientAddress: address });

async function register(fields: Record<string, string>, address: string): Promise<unknown> {
  const { registerAction } = await import('./auth-actions.server');
  return registerAction({
    request: formRequest('/auth/register', fields),
    params: {},
    context: context(address),
  });
}

async function forgot(email: string, address: string): Promise<unknown> {
  const { forgotPasswordAction } = await import('./auth-actions.server');
  return forgotPasswordAction({
    request: formRequest('/auth/forgot-password', { email }),
    params: {},
    context: context(address),
  });
}

const mailsTo = async (to: string) => (await reference.outbox()).filter((mail) => mail.to === to);

describe('registration', () => {
  it('answers a known address exactly like a new one, signs nobody in, and mails the owner', async () => {
    const address = '198.51.100.20';
    const fresh = (await register(
      { fullName: 'Noor Haddad', email: 'noor.haddad@example.com', password: 'cedar-and-salt-7' },
      address,
    )) as Answer;
    const known = (await register(
      { fullName: 'Somebody Else', email: 'client@example.com', password: 'cedar-and-salt-7' },
      address,
    )) as Answer;
    // Plain answers (no status, no cookie); the same but for the address typed.
    expect(fresh).not.toBeInstanceOf(Response);
    expect(known).not.toBeInstanceOf(Response);
    expect(fresh.sentTo).toBe('noor.haddad@example.com');
    expect(known.sentTo).toBe('client@example.com');
    expect({ ...known, sentTo: '' }).toEqual({ ...fresh, sentTo: '' });
    expect(fresh.result.error ?? {}).toEqual({});

    expect((await mailsTo('noor.haddad@example.com')).map((mail) => mail.subject)).toEqual([
      'Your Harbour Freight account is ready',
    ]);
    expect((await mailsTo('client@example.com')).map((mail) => mail.subject)).toEqual([
      'Someone tried to open an account with your address',
    ]);
    // The owner's password is unchanged; the new customer signs in with theirs.
    await reference.login('client@example.com');
    await reference.login('noor.haddad@example.com', 'cedar-and-salt-7');
  });

  it('refuses a password that is easy to guess, keeping what was typed', async () => {
    const refused = (await register(
      { fullName: 'Sunny Day', email: 'sunny@example.com', password: 'sunshine1' },
      '198.51.100.21',
    )) as Refusal;
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error?.password).toEqual(['validation.passwordWeak']);
    expect(refused.data.result.initialValue).toMatchObject({
      fullName: 'Sunny Day',
      email: 'sunny@example.com',
    });
    expect(refused.data.result.initialValue?.password).toBeUndefined();
  });

  it('stops an address after 10 an hour, before the back office is asked', async () => {
    const address = '198.51.100.22';
    for (let i = 0; i < 10; i += 1) {
      const answer = (await register(
        { fullName: `Mass Signup ${i}`, email: `mass-${i}@example.com`, password: 'cedar-and-salt-7' },
        address,
      )) as Answer;
      expect(answer.sentTo, `registration ${i + 1}`).toBe(`mass-${i}@example.com`);
    }
    const refused = (await register(
      { fullName: 'One Too Many', email: 'one-too-many@example.com', password: 'cedar-and-salt-7' },
      address,
    )) as Refusal;
    expect(refused.init.status).toBe(429);
    expect(Number(refused.init.headers['Retry-After'])).toBeGreaterThan(59 * 60);
    expect(refused.data.result.error?.['']).toEqual(['auth:register.tooMany|{"count":60}']);
    expect(refused.data.result.initialValue).toMatchObject({ email: 'one-too-many@example.com' });
    expect(await mailsTo('one-too-many@example.com')).toEqual([]);
    const login = await reference.call('login', {
      body: { email: 'one-too-many@example.com', password: 'cedar-and-salt-7' },
    });
    expect(login.status).toBe(401);

    // Another address is not affected.
    const other = (await register(
      { fullName: 'One Too Many', email: 'one-too-many@example.com', password: 'cedar-and-salt-7' },
      '203.0.113.30',
    )) as Answer;
    expect(other.sentTo).toBe('one-too-many@example.com');
  });
});

describe('forgot your password?', () => {
  it('stops an address after 10 an hour, with a message, and mails nobody', async () => {
    const address = '198.51.100.23';
    for (let i = 0; i < 10; i += 1) {
      const answer = (await forgot(`nobody-${i}@example.com`, address)) as Answer;
      expect(answer.sentTo).toBe(`nobody-${i}@example.com`);
    }
    const refused = (await forgot('client2@example.com', address)) as Refusal;
    expect(refused.init.status).toBe(429);
    expect(refused.data.result.error?.['']).toEqual(['auth:forgot.tooMany|{"count":60}']);
    expect(refused.data.sentTo).toBeNull();
    expect(await mailsTo('client2@example.com')).toEqual([]);

    const other = (await forgot('client2@example.com', '203.0.113.31')) as Answer;
    expect(other.sentTo).toBe('client2@example.com');
    expect(await mailsTo('client2@example.com')).toHaveLength(1);
  });
});

describe('choosing a new password with the mailed link', () => {
  it('refuses one that is easy to guess, with the message on the field', async () => {
    await reference.call('forgotPassword', { body: { email: 'agent@example.com' } });
    const link = new URL((await mailsTo('agent@example.com')).at(-1)!.link);
    const { resetPasswordAction } = await import('./auth-actions.server');
    const fields = { email: 'agent@example.com', token: link.searchParams.get('token')! };
    const refused = (await resetPasswordAction({
      request: formRequest('/auth/reset-password', {
        ...fields,
        password: 'iloveyou2',
        confirm: 'iloveyou2',
      }),
      params: {},
      context: context('198.51.100.24'),
    })) as unknown as { data: Submission; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.error?.password).toEqual(['validation.passwordWeak']);
    // The link was not used up: a good password then goes through.
    const done = (await resetPasswordAction({
      request: formRequest('/auth/reset-password', {
        ...fields,
        password: 'lantern-over-the-quay',
        confirm: 'lantern-over-the-quay',
      }),
      params: {},
      context: context('198.51.100.24'),
    })) as Response;
    expect(done.headers.get('Location')).toBe('/auth/login');
    expect(await flashAfter(done)).toEqual({ key: 'auth:login.passwordChanged' });
  });
});
