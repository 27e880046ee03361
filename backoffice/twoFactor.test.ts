import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_CODE } from '@contract';
import { sessionTokenFrom, startTestBackoffice, type TestBackoffice } from './testing';

let bo: TestBackoffice;
beforeAll(async () => {
  bo = await startTestBackoffice();
});
afterEach(() => {
  bo.clock.offsetMs = 0;
});
afterAll(async () => {
  await bo?.dispose();
});

const PASSWORD = 'the-right-password';
const STEP_MS = 30_000;

/** The authenticator app: the code for `secret` at the back office's clock, `steps` steps later. */
function codeFor(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + bo.clock.offsetMs + steps * STEP_MS,
  });
}

/** A fresh account with two-step verification on: its secret, session and recovery codes. */
async function accountWithTwoSteps(email: string) {
  expect((await bo.call('signup', { body: { email, password: PASSWORD, firstName: 'Tia' } })).status).toBe(
    200,
  );
  const session = await bo.login(email, PASSWORD);
  const setup = await bo.call('setupTwoFactor', { session });
  expect(setup.status).toBe(200);
  const { secret, otpauth_url } = setup.body as { secret: string; otpauth_url: string };
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Harbour%20Freight:.*secret=/);
  const enabled = await bo.call('enableTwoFactor', { body: { code: codeFor(secret) }, session });
  expect(enabled.status).toBe(200);
  const { recovery_codes } = enabled.body as { recovery_codes: string[] };
  return { email, secret, session, recoveryCodes: recovery_codes };
}

async function challengeFor(email: string): Promise<string> {
  const result = await bo.call('login', { body: { email, password: PASSWORD } });
  expect(result.status).toBe(401);
  expect(result.body).toMatchObject({ code: 'two_factor_required', challenge: expect.any(String) });
  expect(result.headers.getSetCookie()).toEqual([]);
  return (result.body as { challenge: string }).challenge;
}

const second = (challenge: string, code: string) => bo.call('loginTwoFactor', { body: { challenge, code } });

describe('two-step verification', () => {
  it('is off by default; a user without it signs in with the password alone', async () => {
    const email = 'plain@example.com';
    await bo.call('signup', { body: { email, password: PASSWORD, firstName: 'Pia' } });
    const session = await bo.login(email, PASSWORD);
    expect((await bo.call('getTwoFactor', { session })).body).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });
  });

  it('turns on only with a code from the waiting secret, and gives 10 recovery codes', async () => {
    const email = 'steps-on@example.com';
    await bo.call('signup', { body: { email, password: PASSWORD, firstName: 'Oli' } });
    const session = await bo.login(email, PASSWORD);
    expect((await bo.call('enableTwoFactor', { body: { code: '123456' }, session })).status).toBe(409);
    const { secret } = (await bo.call('setupTwoFactor', { session })).body as { secret: string };
    const wrong = await bo.call('enableTwoFactor', { body: { code: codeFor(secret, 5) }, session });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'bad_request', issues: [{ path: 'code' }] });
    const right = await bo.call('enableTwoFactor', { body: { code: codeFor(secret) }, session });
    const codes = (right.body as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE);
    expect((await bo.call('getTwoFactor', { session })).body).toEqual({
      enabled: true,
      recovery_codes_left: 10,
    });
    expect((await bo.call('setupTwoFactor', { session })).status).toBe(409);
    // The codes are kept hashed only.
    const stored = await bo.backoffice.database.selectFrom('recovery_codes').select('code_hash').execute();
    for (const { code_hash } of stored) expect(codes).not.toContain(code_hash);
  });

  it('asks for a code at sign-in; the right one gives a session, a wrong one does not', async () => {
    const { email, secret } = await accountWithTwoSteps('steps-login@example.com');
    const challenge = await challengeFor(email);
    const wrong = await second(challenge, '000000');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Wrong code', code: 'unauthorized' });
    const right = await second(challenge, codeFor(secret, 1));
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ email });
    const token = sessionTokenFrom(right.headers);
    expect(token).not.toBeNull();
    expect((await bo.call('getProfile', { session: token! })).status).toBe(200);
    // The challenge is used up.
    expect((await second(challenge, codeFor(secret, 1))).body).toMatchObject({ code: 'invalid_token' });
  });

  it('accepts a time step once: the same code cannot sign in twice', async () => {
    const { email, secret } = await accountWithTwoSteps('steps-replay@example.com');
    const code = codeFor(secret, 1);
    expect((await second(await challengeFor(email), code)).status).toBe(200);
    expect((await second(await challengeFor(email), code)).status).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const { email, session, recoveryCodes } = await accountWithTwoSteps('steps-recovery@example.com');
    expect((await second(await challengeFor(email), recoveryCodes[0]!)).status).toBe(200);
    expect((await second(await challengeFor(email), recoveryCodes[0]!)).status).toBe(401);
    expect((await bo.call('getTwoFactor', { session })).body).toEqual({
      enabled: true,
      recovery_codes_left: 9,
    });
  });

  it('ends the sign-in after 5 wrong codes, and after 5 minutes', async () => {
    const { email, secret } = await accountWithTwoSteps('steps-throttle@example.com');
    const challenge = await challengeFor(email);
    for (let attempt = 1; attempt <= 4; attempt++)
      expect((await second(challenge, '000000')).status).toBe(401);
    const fifth = await second(challenge, '000000');
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get('Retry-After')).not.toBeNull();
    expect((await second(challenge, codeFor(secret, 1))).body).toMatchObject({ code: 'invalid_token' });

    // The account is locked too (see below); once the lock is over, a challenge lasts 5 minutes.
    bo.clock.offsetMs = 16 * 60_000;
    const later = await challengeFor(email);
    bo.clock.offsetMs += 6 * 60_000;
    expect((await second(later, codeFor(secret))).body).toMatchObject({ code: 'invalid_token' });
  });

  it('counts wrong codes per account across sign-ins, and locks it like wrong passwords', async () => {
    const { email, secret, recoveryCodes } = await accountWithTwoSteps('steps-across@example.com');
    // Each right password opens a new challenge; the wrong codes still add up for the account.
    for (const wrong of ['000000', '111111', 'aaaaa-bbbbb', '222222']) {
      expect((await second(await challengeFor(email), wrong)).status).toBe(401);
    }
    const fifth = await second(await challengeFor(email), '333333');
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({ code: 'too_many_requests' });
    expect(Number(fifth.headers.get('Retry-After'))).toBeGreaterThan(14 * 60);
    // Locked: no new challenge even with the right password, and no code is checked.
    const login = await bo.call('login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(429);
    expect(login.body).toMatchObject({ code: 'too_many_requests' });

    // After the lock, a right code signs in and clears the count.
    bo.clock.offsetMs = 16 * 60_000;
    expect((await second(await challengeFor(email), recoveryCodes[0]!)).status).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await second(await challengeFor(email), '000000')).status).toBe(401);
    }
    expect((await second(await challengeFor(email), codeFor(secret))).status).toBe(200);
  });

  it('refuses codes while the account is locked, and a password reset lifts the lock', async () => {
    const { email, secret } = await accountWithTwoSteps('steps-reset@example.com');
    const waiting = await challengeFor(email);
    for (let attempt = 1; attempt <= 5; attempt++) await second(await challengeFor(email), '000000');
    // A challenge opened before the lock does not take even the right code.
    const refused = await second(waiting, codeFor(secret));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'too_many_requests' });

    await bo.call('forgotPassword', { body: { email } });
    const mail = (await bo.outbox()).filter((message) => message.to === email).at(-1)!;
    const token = new URL(mail.link).searchParams.get('token')!;
    const newPassword = 'a-brand-new-passphrase';
    expect((await bo.call('passwordReset', { body: { email, token, password: newPassword } })).status).toBe(
      200,
    );
    const login = await bo.call('login', { body: { email, password: newPassword } });
    expect(login.status).toBe(401);
    const { challenge } = login.body as { challenge: string };
    // The count started again: one wrong code does not lock it.
    expect((await second(challenge, '000000')).status).toBe(401);
    expect((await second(challenge, codeFor(secret, 1))).status).toBe(200);
  });

  it('turns off only with the password and a code', async () => {
    const { email, secret, session, recoveryCodes } = await accountWithTwoSteps('steps-off@example.com');
    const off = (password: string, code: string) =>
      bo.call('disableTwoFactor', { body: { password, code }, session });
    expect((await off('wrong-password', recoveryCodes[0]!)).body).toMatchObject({
      issues: [{ path: 'password' }],
    });
    expect((await off(PASSWORD, '000000')).body).toMatchObject({ issues: [{ path: 'code' }] });
    // The wrong password did not use up the recovery code.
    expect((await off(PASSWORD, recoveryCodes[0]!)).body).toEqual({ enabled: false, recovery_codes_left: 0 });
    expect((await off(PASSWORD, codeFor(secret, 1))).status).toBe(409);
    const login = await bo.call('login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
  });
});

describe('the secrets at rest', () => {
  const stored = async (email: string) =>
    (
      await bo.backoffice.database
        .selectFrom('users')
        .select('totp_secret')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).totp_secret;

  it('are sealed: the database does not hold the secret the authenticator app was given', async () => {
    const { email, secret } = await accountWithTwoSteps('sealed@example.com');
    expect(await stored(email)).toMatch(/^v1:/);
    expect(await stored(email)).not.toContain(secret);
    bo.clock.offsetMs = STEP_MS * 2;
    const code = await second(await challengeFor(email), codeFor(secret));
    expect(code.status).toBe(200);
  });

  it('kept in the clear by an older version are sealed at the next start, and still accepted', async () => {
    const { email, secret } = await accountWithTwoSteps('older@example.com');
    await bo.backoffice.database
      .updateTable('users')
      .set({ totp_secret: secret })
      .where('email', '=', email)
      .execute();
    await bo.restart();
    expect(await stored(email)).toMatch(/^v1:/);
    bo.clock.offsetMs = STEP_MS * 2;
    const code = await second(await challengeFor(email), codeFor(secret));
    expect(code.status).toBe(200);
  });
});
