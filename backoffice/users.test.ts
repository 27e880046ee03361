import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeUser, contactDetails, usersAnswer } from '@contract';
import { startTestBackoffice, type TestBackoffice } from './testing';

let bo: TestBackoffice;
const ids: Record<'admin' | 'agent' | 'client' | 'client2', number> = {
  admin: 0,
  agent: 0,
  client: 0,
  client2: 0,
};
const sessions: Record<keyof typeof ids, string> = { admin: '', agent: '', client: '', client2: '' };

beforeAll(async () => {
  bo = await startTestBackoffice();
  for (const key of Object.keys(ids) as (keyof typeof ids)[]) {
    const email = `${key}@example.com`;
    const login = await bo.call('login', { body: { email, password: 'demo1234' } });
    ids[key] = backofficeUser.parse(login.body).id;
    sessions[key] = await bo.login(email);
  }
});
afterAll(async () => {
  await bo?.dispose();
});

const notFound = { error: 'Not found', code: 'not_found' };

describe('get_contact_details', () => {
  it("gives a client its own partner's contact", async () => {
    const result = await bo.call('getContactDetails', {
      query: { user_id: ids.client },
      session: sessions.client,
    });
    expect(result.status).toBe(200);
    const contact = contactDetails.parse(result.body);
    expect(contact).toMatchObject({
      name: 'Nile Star Trading',
      email: 'client@example.com',
      phone: expect.any(String),
      street: expect.any(String),
      city: 'Cairo',
      country: 'Egypt',
      company_name: expect.any(String),
    });
    expect(contact.referral_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });

  it("answers 404, not the data, for another user's contact", async () => {
    for (const other of [ids.client2, ids.admin, 9999]) {
      const result = await bo.call('getContactDetails', {
        query: { user_id: other },
        session: sessions.client,
      });
      expect(result.status).toBe(404);
      expect(result.body).toEqual(notFound);
    }
  });

  it("lets staff read any user's contact, and answers 404 for an unknown user", async () => {
    for (const staff of [sessions.admin, sessions.agent]) {
      const result = await bo.call('getContactDetails', { query: { user_id: ids.client2 }, session: staff });
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({ name: 'Jade Harbor Imports', city: 'Guangzhou' });
      const unknown = await bo.call('getContactDetails', { query: { user_id: 9999 }, session: staff });
      expect(unknown.status).toBe(404);
    }
    const self = await bo.call('getContactDetails', {
      query: { user_id: ids.agent },
      session: sessions.agent,
    });
    expect(self.body).toMatchObject({ name: 'Harbour Freight Staff' });
  });

  it('refuses a missing or malformed user_id with issues', async () => {
    const queries: Record<string, string | number>[] = [{}, { user_id: 'abc' }, { user_id: -3 }];
    for (const query of queries) {
      const result = await bo.call('getContactDetails', { query, session: sessions.admin });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ code: 'bad_request', issues: [{ path: 'user_id' }] });
    }
  });
});

describe('GET /users', () => {
  it('lists every user, ordered by id, for staff', async () => {
    for (const staff of [sessions.admin, sessions.agent]) {
      const result = await bo.call('listUsers', { session: staff });
      expect(result.status).toBe(200);
      const { users } = usersAnswer.parse(result.body);
      expect(users.map((user) => user.email)).toEqual(
        expect.arrayContaining([
          'admin@example.com',
          'agent@example.com',
          'client@example.com',
          'client2@example.com',
        ]),
      );
      const userIds = users.map((user) => user.id);
      expect(userIds).toEqual([...userIds].sort((a, b) => a - b));
      expect(users.find((user) => user.id === ids.agent)).toMatchObject({ role: 'warehouse_agent' });
    }
  });

  it('is forbidden to clients', async () => {
    const result = await bo.call('listUsers', { session: sessions.client });
    expect(result.status).toBe(403);
    expect(result.body).toMatchObject({ code: 'forbidden' });
  });

  it('matches role names case-insensitively', async () => {
    const setRole = (role: string) =>
      bo.backoffice.database
        .updateTable('user_roles')
        .set({ role })
        .where('user_id', '=', ids.agent)
        .execute();
    await setRole('Warehouse_Agent');
    try {
      expect((await bo.call('listUsers', { session: sessions.agent })).status).toBe(200);
    } finally {
      await setRole('warehouse_agent');
    }
  });
});

describe('GET /users/:id', () => {
  it('gives a user itself', async () => {
    const result = await bo.call('getUser', { params: { id: ids.client }, session: sessions.client });
    expect(result.status).toBe(200);
    expect(backofficeUser.parse(result.body)).toMatchObject({ id: ids.client, email: 'client@example.com' });
  });

  it('answers 404 to a client asking for someone else', async () => {
    for (const other of [ids.client2, ids.admin, 9999]) {
      const result = await bo.call('getUser', { params: { id: other }, session: sessions.client });
      expect(result.status).toBe(404);
      expect(result.body).toEqual(notFound);
    }
  });

  it('gives staff anyone, and 404 for an unknown id', async () => {
    const result = await bo.call('getUser', { params: { id: ids.client2 }, session: sessions.agent });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ email: 'client2@example.com', name: 'Chen Wei', role: 'client' });
    expect((await bo.call('getUser', { params: { id: 9999 }, session: sessions.admin })).status).toBe(404);
  });

  it('refuses an id that is not a positive integer', async () => {
    const result = await bo.call('getUser', { params: { id: 'abc' }, session: sessions.admin });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: 'bad_request', issues: [{ path: 'id' }] });
  });
});
