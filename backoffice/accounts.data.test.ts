// Accounts and sign-in on both engines: the queries where SQLite and PostgreSQL differ most (case of
// addresses, uniqueness, counters taken in turn, single use, rollback of a refused create).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mayMailAccount, ACCOUNT_MAILS_PER_HOUR } from './accountMails';
import { customerInScope, EVERY_CUSTOMER } from './access';
import type { Database } from './data/database';
import { ENGINES, openTestStore } from './data/test-engines';
import { idempotencyStore } from './idempotency';
import { ApiError } from './http';
import { beginLoginAttempt, lockedFor, loginSucceeded, LOGIN_MAX_FAILURES } from './loginThrottle';
import { createCustomer, findCustomer, insertPartner, listCustomers, saveCustomerProfile } from './partners';
import { issueResetToken, resetPasswordWithToken } from './resetTokens';
import { createSession, findSession, MAX_SESSIONS_PER_USER } from './sessions';
import { countAccounts, EmailTakenError, findUserByEmail, insertAccount, listUsers } from './users';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(engine: (typeof ENGINES)[number]['engine']): Promise<Database> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-accounts-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const opened = await openTestStore(engine, dir);
  cleanups.push(opened.dispose);
  return opened.store.database;
}

const now = new Date('2026-11-24T10:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);

async function account(db: Database, email: string, roles: ('client' | 'admin')[] = ['client']) {
  return insertAccount(
    db,
    {
      email,
      passwordHash: 'hash',
      firstName: 'Élodie',
      lastName: 'Ünal',
      roles,
      partner: { name: email, email },
    },
    now,
  );
}

describe.each(ENGINES)('accounts on $engine', ({ engine, available }) => {
  it.skipIf(!available)(
    'finds an address whatever its case, also beyond ASCII, and refuses it twice',
    async () => {
      const db = await open(engine);
      const { userId, partnerId } = await account(db, 'Émile.Zola@Example.com');
      expect((await findUserByEmail(db, 'émile.zola@example.COM'))?.id).toBe(userId);
      expect((await findUserByEmail(db, 'ÉMILE.ZOLA@EXAMPLE.COM'))?.partnerId).toBe(partnerId);
      expect(await findUserByEmail(db, 'emile.zola@example.com')).toBeNull();
      await expect(account(db, 'ÉMILE.zola@example.com')).rejects.toBeInstanceOf(EmailTakenError);
      // Two at once: one account, the other refused; nothing half made (no partner without its user).
      const partnersBefore = (await listCustomers(db, { limit: 100, offset: 0 })).total;
      const both = await Promise.allSettled([
        account(db, 'twice@example.com'),
        account(db, 'TWICE@example.com'),
      ]);
      expect(both.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect((await listCustomers(db, { limit: 100, offset: 0 })).total).toBe(partnersBefore + 1);
      const users = await listUsers(db);
      expect(users.map((user) => user.email)).toContain('Émile.Zola@Example.com');
      expect(users.every((user) => user.roles.length === 1)).toBe(true);
    },
  );

  it.skipIf(!available)(
    'lists customers by name ignoring case, searches them, and refuses a taken address',
    async () => {
      const db = await open(engine);
      const staff = await insertPartner(db, { name: 'Harbour Freight', isStaff: true }, now);
      for (const name of ['zeta Traders', 'Étoile Imports', 'alpha Foods', 'Beta 100% Cotton'])
        await insertPartner(db, { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` }, now);
      const { contacts, total } = await listCustomers(db, { limit: 10, offset: 0 });
      expect(total).toBe(4);
      expect(contacts.map((contact) => contact.name)).toEqual([
        'alpha Foods',
        'Beta 100% Cotton',
        'zeta Traders',
        'Étoile Imports',
      ]);
      expect(contacts.every((contact) => contact.has_account === false)).toBe(true);
      await saveCustomerProfile(db, contacts[0]!.id, { gender: 'female', clientType: 'company' });
      expect(await findCustomer(db, EVERY_CUSTOMER, contacts[0]!.id)).toMatchObject({
        gender: 'female',
        client_type: 'company',
      });
      expect(await countAccounts(db)).toBe(0);
      const found = await listCustomers(db, { search: 'ÉTOILE', limit: 10, offset: 0 });
      expect(found.contacts.map((contact) => contact.name)).toEqual(['Étoile Imports']);
      expect((await listCustomers(db, { search: '100%', limit: 10, offset: 0 })).total).toBe(1);
      expect((await listCustomers(db, { limit: 2, offset: 2 })).contacts.map((c) => c.name)).toEqual([
        'zeta Traders',
        'Étoile Imports',
      ]);
      // The forwarder's own partner is no customer.
      expect(await findCustomer(db, EVERY_CUSTOMER, staff)).toBeNull();
      const admin = { id: 1, partnerId: staff, roles: ['admin'] };
      expect(await customerInScope(db, admin, staff)).toBeNull();
      expect(await createCustomer(db, { name: 'Again', email: 'ALPHA@example.com' }, now)).toBe(
        'email_taken',
      );
      const { userId } = await account(db, 'owner@example.com');
      expect(userId).toBeGreaterThan(0);
      expect(await createCustomer(db, { name: 'Owner Co', email: 'Owner@Example.com' }, now)).toBe(
        'email_taken',
      );
      const id = await createCustomer(db, { name: 'New Co', email: 'new@example.com' }, now);
      expect(await customerInScope(db, admin, Number(id))).toEqual({ id, name: 'New Co' });
      expect((await findCustomer(db, EVERY_CUSTOMER, Number(id)))?.has_account).toBe(false);
    },
  );

  it.skipIf(!available)('keeps the most recently used sessions of a user, and ends an idle one', async () => {
    const db = await open(engine);
    const { userId } = await account(db, 'sessions@example.com');
    const oldest = await createSession(db, userId, now);
    for (let n = 1; n < MAX_SESSIONS_PER_USER; n++) await createSession(db, userId, later(60_000));
    const count = async () =>
      (
        await db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n;
    expect(await count()).toBe(MAX_SESSIONS_PER_USER);
    const newest = await createSession(db, userId, later(2 * 60_000));
    expect(await count()).toBe(MAX_SESSIONS_PER_USER);
    expect(await findSession(db, oldest.token, later(2 * 60_000))).toBeNull();
    const found = await findSession(db, newest.token, later(3 * 60_000));
    expect(found?.user.email).toBe('sessions@example.com');
    // 30 minutes unused since its last use (minute 3): gone.
    expect(await findSession(db, newest.token, later(34 * 60_000))).toBeNull();
    // Also made inside a larger transaction (a sign-in that is part of another write).
    const inside = await db.transaction().execute((trx) => createSession(trx, userId, later(35 * 60_000)));
    expect((await findSession(db, inside.token, later(35 * 60_000)))?.user.id).toBe(userId);
  });

  it.skipIf(!available)(
    'counts failed sign-ins in turn, locks the address, and a reset link works once',
    async () => {
      const db = await open(engine);
      const { userId } = await account(db, 'locked@example.com');
      // Sent all at once: each counted, none slips past the limit.
      const attempts = await Promise.all(
        Array.from({ length: LOGIN_MAX_FAILURES + 2 }, () =>
          beginLoginAttempt(db, 'Locked@Example.com', now),
        ),
      );
      expect(attempts.filter((seconds) => seconds === null)).toHaveLength(LOGIN_MAX_FAILURES);
      expect(await lockedFor(db, 'LOCKED@example.com', now)).toBe(15 * 60);
      await loginSucceeded(db, 'locked@example.com');
      expect(await lockedFor(db, 'locked@example.com', now)).toBeNull();

      const token = await issueResetToken(db, userId, now);
      const reset = () =>
        resetPasswordWithToken(db, { email: 'LOCKED@example.com', token, passwordHash: 'new' }, later(1000));
      expect((await Promise.all([reset(), reset()])).sort()).toEqual([false, true]);
      expect((await findUserByEmail(db, 'locked@example.com'))?.passwordHash).toBe('new');
      expect(await reset()).toBe(false);
    },
  );

  it.skipIf(!available)(
    'sends at most a few account mails an hour to one address, counted in turn',
    async () => {
      const db = await open(engine);
      const sent = await Promise.all(
        Array.from({ length: ACCOUNT_MAILS_PER_HOUR + 3 }, () => mayMailAccount(db, 'Mail@Example.com', now)),
      );
      expect(sent.filter(Boolean)).toHaveLength(ACCOUNT_MAILS_PER_HOUR);
      expect(await mayMailAccount(db, 'mail@example.com', later(60 * 60_000))).toBe(true);
    },
  );

  it.skipIf(!available)(
    'keeps a create and its key together: replayed once made, nothing kept when refused',
    async () => {
      const db = await open(engine);
      const { userId } = await account(db, 'keys@example.com');
      const store = idempotencyStore(db, () => now);
      const request = { userId, key: 'key-0001-abcdefgh', call: 'createCustomer', fingerprint: 'f1' };
      const customers = async () => (await listCustomers(db, { limit: 100, offset: 0 })).total;
      const before = await customers();

      // Refused after writing: the write is rolled back with the key, so the same key may be sent again.
      await expect(
        store.run(request, async (trx) => {
          await insertPartner(trx, { name: 'Half made' }, now);
          throw new ApiError(404, 'not_found', 'Not found');
        }),
      ).rejects.toBeInstanceOf(ApiError);
      expect(await customers()).toBe(before);

      // The same key twice at once: one record, the second answers the first's answer.
      const create = () =>
        store.run(request, async (trx) => ({
          id: await createCustomer(trx, { name: 'Once', email: 'once@example.com' }, now),
        }));
      const [first, second] = await Promise.all([create(), create()]);
      expect(second.answer).toEqual(first.answer);
      expect([first.replayed, second.replayed].sort()).toEqual([false, true]);
      expect(await customers()).toBe(before + 1);
      await expect(store.run({ ...request, fingerprint: 'other' }, () => ({}))).rejects.toMatchObject({
        code: 'idempotency_key_reused',
      });
    },
  );
});
