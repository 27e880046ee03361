import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LOCK_MS, LOGIN_WINDOW_MS } from './loginThrottle';
import { startTestBackoffice, type CallResult, type TestBackoffice } from './testing';

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

const wrongCredentials = { error: 'Wrong email or password', code: 'unauthorized' };
const tooMany = { error: 'Too many failed sign-ins: try again later', code: 'too_many_requests' };
const PASSWORD = 'the-right-password';
const MINUTE = 60 * 1000;

/** A fresh account per test, so that no test sees another's failures. */
async function account(email: string): Promise<string> {
  const result = await bo.call('signup', { body: { email, password: PASSWORD, firstName: 'Pat' } });
  expect(result.status).toBe(200);
  return email;
}

const login = (email: string, password: string) => bo.call('login', { body: { email, password } });

async function failTimes(email: string, times: number): Promise<CallResult[]> {
  const results: CallResult[] = [];
  for (let i = 0; i < times; i++) results.push(await login(email, 'not-the-password'));
  return results;
}

function expectWrongCredentials(result: CallResult) {
  expect(result.status).toBe(401);
  expect(result.body).toEqual(wrongCredentials);
  expect(result.headers.get('Retry-After')).toBeNull();
  expect(result.headers.getSetCookie()).toEqual([]);
}

function expectLocked(result: CallResult): number {
  expect(result.status).toBe(429);
  expect(result.body).toEqual(tooMany);
  expect(result.headers.getSetCookie()).toEqual([]);
  const seconds = Number(result.headers.get('Retry-After'));
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(LOGIN_LOCK_MS / 1000);
  return seconds;
}

async function throttleRows(email: string): Promise<number> {
  const row = await bo.backoffice.database
    .selectFrom('login_throttle')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.n;
}

describe('failed sign-ins per address', () => {
  it('locks the address after 5 wrong passwords, even for the right one, with Retry-After', async () => {
    const email = await account('locked@example.com');
    for (const result of await failTimes(email, 5)) expectWrongCredentials(result);
    const seconds = expectLocked(await login(email, PASSWORD));
    expect(seconds).toBeGreaterThan(LOGIN_LOCK_MS / 1000 - 60);
    expectLocked(await login(email, 'not-the-password'));
  });

  it('treats an unknown address exactly like a known one', async () => {
    const known = await account('known@example.com');
    const unknown = 'nobody-here@example.com';
    const knownAnswers = await failTimes(known, 5);
    const unknownAnswers = await failTimes(unknown, 5);
    for (const result of [...knownAnswers, ...unknownAnswers]) expectWrongCredentials(result);
    const knownLocked = await login(known, PASSWORD);
    const unknownLocked = await login(unknown, PASSWORD);
    expectLocked(knownLocked);
    expectLocked(unknownLocked);
    expect(unknownLocked.body).toEqual(knownLocked.body);
    expect(
      Math.abs(
        Number(unknownLocked.headers.get('Retry-After')) - Number(knownLocked.headers.get('Retry-After')),
      ),
    ).toBeLessThanOrEqual(5);
  });

  it('counts the address whatever its case', async () => {
    const email = await account('casing@example.com');
    await failTimes('Casing@Example.com', 3);
    await failTimes(' CASING@EXAMPLE.COM ', 2);
    expectLocked(await login(email, PASSWORD));
  });

  it('unlocks after 15 minutes; the right password then signs in and clears the count', async () => {
    const email = await account('waits@example.com');
    await failTimes(email, 5);
    bo.clock.offsetMs = LOGIN_LOCK_MS - MINUTE;
    const seconds = expectLocked(await login(email, PASSWORD));
    expect(seconds).toBeLessThanOrEqual(60);

    bo.clock.offsetMs = LOGIN_LOCK_MS + 1000;
    expect((await login(email, PASSWORD)).status).toBe(200);
    expect(await throttleRows(email)).toBe(0);
    // Counting starts again from nothing: 4 failures do not lock.
    for (const result of await failTimes(email, 4)) expectWrongCredentials(result);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('is reset by a successful sign-in', async () => {
    const email = await account('resets@example.com');
    for (let round = 0; round < 3; round++) {
      for (const result of await failTimes(email, 4)) expectWrongCredentials(result);
      expect((await login(email, PASSWORD)).status).toBe(200);
    }
  });

  it('lets the fifth attempt sign in when its password is right', async () => {
    const email = await account('fifth@example.com');
    await failTimes(email, 4);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('starts a new window for failures older than 15 minutes', async () => {
    const email = await account('window@example.com');
    await failTimes(email, 4);
    bo.clock.offsetMs = LOGIN_WINDOW_MS;
    for (const result of await failTimes(email, 4)) expectWrongCredentials(result);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('does not affect other addresses', async () => {
    const locked = await account('victim@example.com');
    const other = await account('bystander@example.com');
    await failTimes(locked, 5);
    expectLocked(await login(locked, PASSWORD));
    expect((await login(other, PASSWORD)).status).toBe(200);
    expectWrongCredentials(await login(other, 'not-the-password'));
    expectWrongCredentials(await login('someone-else@example.com', 'not-the-password'));
    await bo.login('admin@example.com');
  });

  it('lets at most 5 attempts sent at once through', async () => {
    const email = await account('burst@example.com');
    const results = await Promise.all(Array.from({ length: 12 }, () => login(email, 'not-the-password')));
    const refused = results.filter((result) => result.status === 401);
    const locked = results.filter((result) => result.status === 429);
    expect(refused).toHaveLength(5);
    expect(locked).toHaveLength(7);
    expectLocked(await login(email, PASSWORD));
  });

  it('deletes rows whose window and lock are over on the next write', async () => {
    await failTimes('stale-1@example.com', 1);
    await failTimes('stale-2@example.com', 5);
    expect((await throttleRows('stale-1@example.com')) + (await throttleRows('stale-2@example.com'))).toBe(2);
    bo.clock.offsetMs = LOGIN_WINDOW_MS + 1000;
    await failTimes('fresh@example.com', 1);
    // stale-2's lock ended with its window: both rows are gone, the new one is kept.
    expect((await throttleRows('stale-1@example.com')) + (await throttleRows('stale-2@example.com'))).toBe(0);
    expect(await throttleRows('fresh@example.com')).toBe(1);
  });
});

describe('a password reset', () => {
  it('lifts the lock: the owner of the mailbox signs in at once with the new password', async () => {
    const email = await account('locked.out@example.com');
    await failTimes(email, 5);
    expectLocked(await login(email, PASSWORD));

    const before = new Set((await bo.outbox()).map((message) => message.file));
    await bo.call('forgotPassword', { body: { email } });
    const mail = (await bo.outbox()).find((message) => !before.has(message.file));
    const token = new URL(mail!.link).searchParams.get('token')!;
    const reset = await bo.call('passwordReset', { body: { email, password: 'a-new-password', token } });
    expect(reset.status).toBe(200);

    expect(await throttleRows(email)).toBe(0);
    expect((await login(email, 'a-new-password')).status).toBe(200);
  });

  it('does not lift it with a wrong token', async () => {
    const email = await account('still.locked@example.com');
    await failTimes(email, 5);
    const reset = await bo.call('passwordReset', {
      body: { email, password: 'a-new-password', token: 'A'.repeat(43) },
    });
    expect(reset.status).toBe(400);
    expectLocked(await login(email, PASSWORD));
  });
});
