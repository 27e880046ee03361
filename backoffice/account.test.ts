import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeUser, profile, warehouseAnswer } from '@contract';
import { demoAccounts } from './seed';
import { signInDemoAccounts, startTestBackoffice, type DemoAccount, type TestBackoffice } from './testing';

type Who = DemoAccount;

let bo: TestBackoffice;
const sessions: Record<Who, string> = { admin: '', agent: '', client: '', client2: '' };
const users: Record<Who, number> = { admin: 0, agent: 0, client: 0, client2: 0 };

beforeAll(async () => {
  bo = await startTestBackoffice();
  const demo = await signInDemoAccounts(bo);
  Object.assign(sessions, demo.sessions);
  Object.assign(users, demo.users);
});
afterAll(async () => {
  await bo?.dispose();
});

const forbidden = { error: 'You are not allowed to do this', code: 'forbidden' };

const shenzhen = {
  name: 'Shenzhen consolidation warehouse',
  address: 'Bao An District, Shenzhen',
  origin: 'china',
  opening_hours: 'Mon–Sat 8:00–18:00',
  contact_phone: '+86 755 2345 6789',
  contact_email: 'Shenzhen@Example.com',
} as const;

async function warehouseOf(who: Who) {
  const result = await bo.call('getWarehouse', { session: sessions[who] });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return warehouseAnswer.parse(result.body).warehouse;
}

async function setWarehouse(who: Who, body: unknown) {
  const result = await bo.call('updateWarehouse', { body, session: sessions[who] });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return warehouseAnswer.parse(result.body).warehouse;
}

async function profileOf(who: Who) {
  const result = await bo.call('getProfile', { session: sessions[who] });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return profile.parse(result.body);
}

describe('GET, PUT and DELETE /warehouse', () => {
  it('is forbidden to clients, whatever they send', async () => {
    for (const who of ['client', 'client2'] as const) {
      const answers = [
        await bo.call('getWarehouse', { session: sessions[who] }),
        await bo.call('updateWarehouse', { body: shenzhen, session: sessions[who] }),
        await bo.call('clearWarehouse', { session: sessions[who] }),
      ];
      for (const result of answers) {
        expect(result.status).toBe(403);
        expect(result.body).toEqual(forbidden);
      }
    }
    expect(await bo.backoffice.database.selectFrom('staff_warehouses').select('user_id').execute()).toEqual(
      [],
    );
  });

  it('needs a session', async () => {
    expect((await bo.call('getWarehouse')).status).toBe(401);
    expect((await bo.call('updateWarehouse', { body: shenzhen })).status).toBe(401);
  });

  it('is null until the staff member sets it, then what was set, with the time of the app clock', async () => {
    expect(await warehouseOf('agent')).toBeNull();
    const before = Date.now();
    const saved = await setWarehouse('agent', shenzhen);
    expect(saved).toEqual({
      ...shenzhen,
      contact_email: 'shenzhen@example.com',
      updated_at: expect.any(String),
    });
    expect(Date.parse(saved!.updated_at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(saved!.updated_at)).toBeLessThanOrEqual(Date.now());
    expect(await warehouseOf('agent')).toEqual(saved);
    // One per staff member: the admin's is still unset.
    expect(await warehouseOf('admin')).toBeNull();
  });

  it('replaces the whole record on a second PUT (upsert), a field left out being cleared', async () => {
    await setWarehouse('admin', shenzhen);
    bo.clock.offsetMs = 60_000;
    try {
      const replaced = await setWarehouse('admin', {
        name: '  Jebel Ali warehouse ',
        address: 'Jebel Ali Free Zone, South 2',
        origin: 'dubai',
        contact_phone: '',
      });
      expect(replaced).toMatchObject({
        name: 'Jebel Ali warehouse',
        address: 'Jebel Ali Free Zone, South 2',
        origin: 'dubai',
        opening_hours: null,
        contact_phone: null,
        contact_email: null,
      });
      expect(Date.parse(replaced!.updated_at)).toBeGreaterThan(Date.now() + 30_000);
    } finally {
      bo.clock.offsetMs = 0;
    }
    const rows = await bo.backoffice.database
      .selectFrom('staff_warehouses')
      .select('user_id')
      .where('user_id', '=', users.admin)
      .execute();
    expect(rows).toHaveLength(1);
    expect((await warehouseOf('admin'))?.origin).toBe('dubai');
    expect((await warehouseOf('agent'))?.origin).toBe('china');
  });

  it('refuses a warehouse outside the contract', async () => {
    const bodies = [
      { ...shenzhen, origin: 'mars' },
      { ...shenzhen, name: ' ' },
      { ...shenzhen, address: undefined },
      { ...shenzhen, contact_email: 'not an e-mail' },
      { ...shenzhen, name: 'x'.repeat(101) },
    ];
    for (const body of bodies) {
      const result = await bo.call('updateWarehouse', { body, session: sessions.agent });
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body).toMatchObject({ code: 'bad_request' });
    }
    expect((await warehouseOf('agent'))?.origin).toBe('china');
  });

  it('forgets the warehouse on DELETE, which answers the same when none is set', async () => {
    await setWarehouse('agent', shenzhen);
    for (let i = 0; i < 2; i++) {
      const result = await bo.call('clearWarehouse', { session: sessions.agent });
      expect(result.status).toBe(200);
      expect(result.body).toEqual({ warehouse: null });
    }
    expect(await warehouseOf('agent')).toBeNull();
    expect(await warehouseOf('admin')).not.toBeNull();
  });
});

describe('GET /me', () => {
  it('gives every signed-in user their own profile, with nothing saved yet', async () => {
    for (const account of demoAccounts) {
      const who = account.email.split('@')[0] as Who;
      expect(await profileOf(who)).toEqual({
        id: users[who],
        email: account.email,
        first_name: account.firstName,
        last_name: account.lastName,
        phone: null,
        language: null,
        appearance: null,
        picture_version: null,
      });
    }
  });

  it('needs a session', async () => {
    expect((await bo.call('getProfile')).status).toBe(401);
    expect((await bo.call('updateProfile', { body: { first_name: 'X' } })).status).toBe(401);
    expect((await bo.call('updatePreferences', { body: { language: 'fr' } })).status).toBe(401);
  });
});

describe('PUT /me', () => {
  it("changes the signed-in user's own name and phone, and no one else's", async () => {
    const others = await Promise.all((['admin', 'agent', 'client'] as const).map(profileOf));
    const result = await bo.call('updateProfile', {
      body: { first_name: ' Chen ', last_name: 'Weiming', phone: '+86 138 0000 0000' },
      session: sessions.client2,
    });
    expect(result.status).toBe(200);
    expect(profile.parse(result.body)).toEqual({
      ...(await profileOf('client2')),
      first_name: 'Chen',
      last_name: 'Weiming',
      phone: '+86 138 0000 0000',
    });
    expect(await Promise.all((['admin', 'agent', 'client'] as const).map(profileOf))).toEqual(others);
    // The user as the other calls describe it has the new name too.
    const user = await bo.call('getUser', { params: { id: users.client2 }, session: sessions.client2 });
    expect(backofficeUser.parse(user.body)).toMatchObject({ name: 'Chen Weiming', lastName: 'Weiming' });
  });

  it('takes the whole form: a last name or phone left out or blank is cleared', async () => {
    await bo.call('updateProfile', {
      body: { first_name: 'Layla', last_name: 'Mansour', phone: '+20 100 000 0000' },
      session: sessions.client,
    });
    const result = await bo.call('updateProfile', {
      body: { first_name: 'Layla', phone: '  ' },
      session: sessions.client,
    });
    expect(result.body).toMatchObject({ first_name: 'Layla', last_name: '', phone: null });
    await bo.call('updateProfile', {
      body: { first_name: 'Layla', last_name: 'Mansour' },
      session: sessions.client,
    });
  });

  it('refuses a profile outside the contract, changing nothing', async () => {
    const before = await profileOf('client');
    const bodies = [
      {},
      { first_name: '' },
      { first_name: 'x'.repeat(101) },
      { first_name: 'L', phone: '1'.repeat(41) },
    ];
    for (const body of bodies) {
      const result = await bo.call('updateProfile', { body, session: sessions.client });
      expect(result.status, JSON.stringify(body)).toBe(400);
    }
    expect(await profileOf('client')).toEqual(before);
  });

  it('does not touch the e-mail, the preferences or the partner contact', async () => {
    const contact = await bo.call('getContactDetails', {
      query: { user_id: users.agent },
      session: sessions.agent,
    });
    await bo.call('updatePreferences', { body: { language: 'ar' }, session: sessions.agent });
    const result = await bo.call('updateProfile', {
      body: { first_name: 'Omar', last_name: 'Farouk', phone: '+971 50 123 4567', email: 'x@example.com' },
      session: sessions.agent,
    });
    expect(result.body).toMatchObject({
      email: 'agent@example.com',
      language: 'ar',
      phone: '+971 50 123 4567',
    });
    const after = await bo.call('getContactDetails', {
      query: { user_id: users.agent },
      session: sessions.agent,
    });
    expect(after.body).toEqual(contact.body);
  });
});

describe('PUT /me/preferences', () => {
  it('saves language and appearance, each left as it was when not sent', async () => {
    const who = 'admin';
    const save = async (body: unknown) => {
      const result = await bo.call('updatePreferences', { body, session: sessions[who] });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      return profile.parse(result.body);
    };
    const appearance = { theme: 'dark', fontScale: 1.1, compact: true };
    expect(await save({ language: 'fr' })).toMatchObject({ language: 'fr', appearance: null });
    expect(await save({ appearance })).toMatchObject({ language: 'fr', appearance });
    expect(await save({})).toMatchObject({ language: 'fr', appearance });
    expect(await save({ language: 'zh' })).toMatchObject({ language: 'zh', appearance });
    expect(await save({ appearance: { theme: 'light' } })).toMatchObject({
      language: 'zh',
      appearance: { theme: 'light' },
    });
    expect(await profileOf(who)).toMatchObject({ first_name: 'Amina', language: 'zh' });
    // Kept as JSON text, answered parsed back; nobody else's changed.
    const stored = await bo.backoffice.database
      .selectFrom('users')
      .select('appearance_json')
      .where('id', '=', users.admin)
      .executeTakeFirstOrThrow();
    expect(stored.appearance_json).toBe('{"theme":"light"}');
    expect(await profileOf('client2')).toMatchObject({ language: null, appearance: null });
  });

  it('refuses preferences outside the contract, changing nothing', async () => {
    const before = await profileOf('admin');
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`setting${i}`, i]));
    const bodies = [
      { language: 'de' },
      { appearance: { theme: { nested: true } } },
      { appearance: { theme: 'x'.repeat(41) } },
      { appearance: many },
      { appearance: ['dark'] },
      { language: null },
    ];
    for (const body of bodies) {
      const result = await bo.call('updatePreferences', { body, session: sessions.admin });
      expect(result.status, JSON.stringify(body)).toBe(400);
    }
    expect(await profileOf('admin')).toEqual(before);
  });
});
