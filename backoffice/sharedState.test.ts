import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STATE_MAX_BYTES } from '@contract';
import { ENGINES, openTestStore } from './data/test-engines';
import { findDemoState, saveDemoState, throttleCount, throttleFail, throttleReset } from './sharedState';
import { signInDemoAccounts, startTestBackoffice, type TestBackoffice } from './testing';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(engine: (typeof ENGINES)[number]['engine']) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shared-state-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const opened = await openTestStore(engine, dir);
  cleanups.push(opened.dispose);
  const db = opened.store.database;
  const partner = await db
    .insertInto('partners')
    .values({ name: 'P', referral_code: 'R', created_at: '2026-01-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = async (email: string) =>
    (
      await db
        .insertInto('users')
        .values({
          email,
          password_hash: 'x',
          first_name: 'U',
          partner_id: partner.id,
          created_at: '2026-01-01',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return { db, one: await user('one@example.com'), two: await user('two@example.com') };
}

const at = (iso: string) => new Date(iso);

describe.each(ENGINES)('shared portal state on $engine', ({ engine, available }) => {
  it.skipIf(!available)(
    'keeps each user’s demo document, and refuses a save made on an older version',
    async () => {
      const { db, one, two } = await open(engine);
      const now = at('2026-11-24T10:00:00Z');
      expect(await findDemoState(db, one)).toEqual({ state: null, version: 0 });
      expect(await saveDemoState(db, one, { notes: [1] }, 0, now)).toBe(1);
      expect(await saveDemoState(db, one, { notes: [2] }, 0, now)).toBe('conflict');
      expect(await saveDemoState(db, one, { notes: [1, 2] }, 1, now)).toBe(2);
      expect(await findDemoState(db, one)).toEqual({ state: { notes: [1, 2] }, version: 2 });
      expect(await findDemoState(db, two)).toEqual({ state: null, version: 0 });
      // Two saves on the same version at once: exactly one is kept.
      const answers = await Promise.all([
        saveDemoState(db, one, { cart: ['a'] }, 2, now),
        saveDemoState(db, one, { cart: ['b'] }, 2, now),
      ]);
      expect(answers.filter((answer) => answer === 3)).toHaveLength(1);
      expect(answers.filter((answer) => answer === 'conflict')).toHaveLength(1);
    },
  );

  it.skipIf(!available)(
    'counts failures per key in a window, all of them when they come at once',
    async () => {
      const { db } = await open(engine);
      const start = at('2026-11-24T10:00:00Z');
      for (let i = 0; i < 3; i++) await throttleFail(db, 'sign_in', '10.0.0.1', 900, start);
      expect(await throttleCount(db, 'sign_in', '10.0.0.1', at('2026-11-24T10:05:00Z'))).toEqual({
        failures: 3,
        resets_in: 600,
      });
      expect(await throttleCount(db, 'two_steps', '10.0.0.1', start)).toEqual({ failures: 0, resets_in: 0 });
      expect(await throttleCount(db, 'sign_in', '10.0.0.2', start)).toEqual({ failures: 0, resets_in: 0 });
      // The window ends 15 minutes after the first failure: the count starts again.
      const later = at('2026-11-24T10:15:00Z');
      expect(await throttleCount(db, 'sign_in', '10.0.0.1', later)).toEqual({ failures: 0, resets_in: 0 });
      expect(await throttleFail(db, 'sign_in', '10.0.0.1', 900, later)).toEqual({
        failures: 1,
        resets_in: 900,
      });
      await Promise.all(
        Array.from({ length: 10 }, () => throttleFail(db, 'sign_in', '10.0.0.3', 900, start)),
      );
      expect((await throttleCount(db, 'sign_in', '10.0.0.3', start)).failures).toBe(10);
      expect(await throttleReset(db, 'sign_in', '10.0.0.3')).toEqual({ failures: 0, resets_in: 0 });
      expect((await throttleCount(db, 'sign_in', '10.0.0.3', start)).failures).toBe(0);
    },
  );
});

describe('the calls', () => {
  let bo: TestBackoffice;
  let sessions: Awaited<ReturnType<typeof signInDemoAccounts>>['sessions'];
  beforeAll(async () => {
    bo = await startTestBackoffice();
    ({ sessions } = await signInDemoAccounts(bo));
  });
  afterAll(async () => {
    await bo.dispose();
  });

  it('keep the demo document of the signed-in user only, and refuse a stale or oversized save', async () => {
    expect((await bo.call('getDemoState')).status).toBe(401);
    const saved = await bo.call('saveDemoState', {
      session: sessions.client,
      body: { state: { likes: ['p1'] }, version: 0 },
    });
    expect(saved).toMatchObject({ status: 200, body: { version: 1 } });
    expect((await bo.call('getDemoState', { session: sessions.client })).body).toEqual({
      state: { likes: ['p1'] },
      version: 1,
    });
    expect((await bo.call('getDemoState', { session: sessions.client2 })).body).toEqual({
      state: null,
      version: 0,
    });
    const stale = await bo.call('saveDemoState', {
      session: sessions.client,
      body: { state: {}, version: 0 },
    });
    expect(stale).toMatchObject({ status: 409, body: { code: 'conflict' } });
    const big = await bo.call('saveDemoState', {
      session: sessions.client,
      body: { state: { text: 'x'.repeat(DEMO_STATE_MAX_BYTES) }, version: 1 },
    });
    expect(big.status).toBe(413);
  });

  it('count failures per address for every portal process', async () => {
    const key = { scope: 'sign_in', key: '192.0.2.7', window_seconds: 900 };
    expect((await bo.call('throttleFail', { body: key })).body).toMatchObject({ failures: 1 });
    expect((await bo.call('throttleFail', { body: key })).body).toMatchObject({ failures: 2 });
    expect((await bo.call('throttleCount', { body: key })).body).toMatchObject({ failures: 2 });
    expect((await bo.call('throttleReset', { body: key })).body).toEqual({ failures: 0, resets_in: 0 });
    const wrong = await bo.call('throttleFail', { body: { ...key, scope: 'anything' } });
    expect(wrong.status).toBe(400);
  });
});
