import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdAnswer, customer, customersAnswer, type CustomerCreate } from '@contract';
import { demoCustomersWithoutAccount } from './seed';
import {
  startTestBackoffice,
  type CallOptions,
  type TestBackoffice,
  signInDemoAccounts,
  type DemoAccount,
} from './testing';

type Who = DemoAccount;

let bo: TestBackoffice;
const sessions: Record<Who, string> = { admin: '', agent: '', client: '', client2: '' };
const partners: Record<Who, number> = { admin: 0, agent: 0, client: 0, client2: 0 };

beforeAll(async () => {
  bo = await startTestBackoffice();
  const demo = await signInDemoAccounts(bo);
  Object.assign(sessions, demo.sessions);
  Object.assign(partners, demo.partners);
});
afterAll(async () => {
  await bo?.dispose();
});

const notFound = { error: 'Not found', code: 'not_found' };
const forbidden = { error: 'You are not allowed to do this', code: 'forbidden' };
const emailTaken = {
  error: 'A customer with this e-mail already exists',
  code: 'conflict',
  issues: [{ path: 'email', message: 'email_taken' }],
};

/** The seeded customers: the two with accounts and those without. */
const SEEDED = 2 + demoCustomersWithoutAccount.length;

async function list(query: CallOptions['query'] = {}, session = sessions.agent) {
  const result = await bo.call('listCustomers', { query, session });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return customersAnswer.parse(result.body);
}

async function get(id: number, session = sessions.admin) {
  const result = await bo.call('getCustomer', { params: { id }, session });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return customer.parse(result.body);
}

let nationalIds = 0;

/** A new customer; each with a national ID of its own, unless given one. */
function newCustomer(extra: Partial<CustomerCreate> = {}): CustomerCreate {
  nationalIds += 1;
  return {
    name: 'Oasis Auto Spares',
    phone: '+966 11 464 2210',
    email: 'orders@oasis-spares.example',
    national_id: `10482${String(nationalIds).padStart(5, '0')}`,
    gender: 'male',
    date_of_birth: '1983-02-17',
    client_type: 'individual',
    business_industry: 'Automotive parts',
    ...extra,
  } as CustomerCreate;
}

async function create(body: CustomerCreate, session = sessions.admin): Promise<number> {
  const result = await bo.call('createCustomer', { body, session });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return createdAnswer.parse(result.body).id;
}

const countPartners = async () =>
  (
    await bo.backoffice.database
      .selectFrom('partners')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('the seeded customers', () => {
  it('give the demo customers their profile and an account, and add customers without one', async () => {
    const { contacts, total } = await list();
    expect(total).toBe(SEEDED);
    expect(contacts).toHaveLength(SEEDED);
    expect(contacts.find((contact) => contact.id === partners.client)).toMatchObject({
      name: 'Nile Star Trading',
      email: 'client@example.com',
      national_id: expect.any(String),
      gender: 'female',
      date_of_birth: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      client_type: 'company',
      business_industry: 'Consumer electronics',
      city: 'Cairo',
      has_account: true,
    });
    expect(await get(partners.client2)).toMatchObject({
      name: 'Jade Harbor Imports',
      client_type: 'company',
      business_industry: 'Home furnishings',
      has_account: true,
    });
    const withoutAccount = contacts.filter((contact) => !contact.has_account);
    expect(withoutAccount.map((contact) => contact.email).sort()).toEqual(
      demoCustomersWithoutAccount.map((seeded) => seeded.email).sort(),
    );
    expect(new Set(withoutAccount.map((contact) => contact.client_type))).toEqual(
      new Set(['company', 'individual']),
    );
    expect(new Set(contacts.map((contact) => contact.country)).size).toBeGreaterThanOrEqual(6);
    for (const contact of contacts) {
      expect(contact, contact.name).toMatchObject({
        phone: expect.any(String),
        national_id: expect.any(String),
        gender: expect.stringMatching(/^(male|female)$/),
        date_of_birth: expect.stringMatching(/^(19|20)\d\d-\d\d-\d\d$/),
        business_industry: expect.any(String),
      });
      expect(Date.parse(contact.created_at)).toBeLessThanOrEqual(Date.now());
    }
    // The forwarder's own partner is no customer.
    expect(contacts.map((contact) => contact.id)).not.toContain(partners.admin);
  });
});

describe('GET /get_contacts', () => {
  it('pages the customers by name, ignoring case, with the total before paging', async () => {
    await create(newCustomer({ name: 'azure Bay Traders', email: 'azure@example.com' }));
    await create(newCustomer({ name: 'Zenith Cargo', email: 'zenith@example.com' }));
    const all = await list({ limit: 100 });
    const names = all.contacts.map((contact) => contact.name);
    const folded = (name: string) => name.toLowerCase();
    expect(names).toEqual(
      [...names].sort((a, b) => (folded(a) < folded(b) ? -1 : folded(a) > folded(b) ? 1 : 0)),
    );
    expect(names.indexOf('azure Bay Traders')).toBeGreaterThan(names.indexOf('Al Noor Pharma Distribution'));
    expect(names.indexOf('azure Bay Traders')).toBeLessThan(names.indexOf('Desert Rose General Trading'));
    expect(names.at(-1)).toBe('Zenith Cargo');

    const first = await list({ limit: 10 });
    const second = await list({ limit: 10, offset: 10 });
    expect(first.total).toBe(all.total);
    expect(second.total).toBe(all.total);
    expect(first.contacts).toHaveLength(10);
    expect(second.contacts).toHaveLength(all.total - 10);
    expect([...first.contacts, ...second.contacts]).toEqual(all.contacts);
    expect(await list({ offset: all.total })).toEqual({ contacts: [], total: all.total });
    // Without a limit: at most 100.
    expect((await list()).contacts).toHaveLength(all.total);
  });

  it('searches name, e-mail, phone, national ID and company name as plain text, ignoring case', async () => {
    const ids = async (search: string) => (await list({ search })).contacts.map((contact) => contact.name);
    expect(await ids('li mei')).toEqual(['Li Mei']);
    expect(await ids('KARIM.ELSAYED@')).toEqual(['Karim El-Sayed']);
    expect(await ids('+254 722')).toEqual(['Wanjiru Kamau']);
    expect(await ids('784-1990')).toEqual(['Fatima Al Mazrouei']);
    expect(await ids('furniture jsc')).toEqual(['Saigon Lotus Furniture']);
    expect(await ids('nothing like this')).toEqual([]);

    const special = await create(
      newCustomer({
        name: 'Éclat 100% Textiles',
        email: 'eclat_textiles@example.com',
        company_name: 'ÉCLAT Textiles SARL',
      }),
    );
    const found = async (search: string) => (await list({ search })).contacts.map((contact) => contact.id);
    expect(await found('éclat')).toEqual([special]);
    expect(await found('ÉCLAT 100%')).toEqual([special]);
    expect(await found('eclat_')).toEqual([special]);
    // % and _ are themselves, not wildcards.
    expect(await found('0%t')).toEqual([]);
    expect(await found('eclat_t')).toEqual([special]);
    expect(await found('eclatXtextiles')).toEqual([]);

    const trading = await list({ search: 'trading', limit: 1 });
    expect(trading.contacts).toHaveLength(1);
    expect(trading.total).toBe((await list({ search: 'TRADING' })).contacts.length);
    expect(trading.total).toBeGreaterThanOrEqual(2);
  });

  it('is forbidden to clients', async () => {
    for (const session of [sessions.client, sessions.client2]) {
      const result = await bo.call('listCustomers', { session });
      expect(result.status).toBe(403);
      expect(result.body).toEqual(forbidden);
    }
  });

  it('refuses paging outside the contract', async () => {
    const queries: Record<string, string | number>[] = [
      { limit: 0 },
      { limit: 101 },
      { offset: -1 },
      { search: 'x'.repeat(101) },
    ];
    for (const query of queries) {
      const result = await bo.call('listCustomers', { query, session: sessions.admin });
      expect(result.status, JSON.stringify(query)).toBe(400);
      expect(result.body).toMatchObject({ code: 'bad_request', issues: [{ path: Object.keys(query)[0] }] });
    }
  });
});

describe('GET /customers/:id', () => {
  it("gives staff a customer, and 404 for the staff's own partner or an unknown one", async () => {
    expect(await get(partners.client, sessions.agent)).toMatchObject({
      id: partners.client,
      email: 'client@example.com',
      has_account: true,
    });
    for (const id of [partners.admin, 99999]) {
      const result = await bo.call('getCustomer', { params: { id }, session: sessions.admin });
      expect(result.status).toBe(404);
      expect(result.body).toEqual(notFound);
    }
  });

  it('is forbidden to clients, even for their own customer', async () => {
    for (const id of [partners.client, partners.client2, 99999]) {
      const result = await bo.call('getCustomer', { params: { id }, session: sessions.client });
      expect(result.status).toBe(403);
      expect(result.body).toEqual(forbidden);
    }
  });
});

describe('POST /customer/create_customer_contact', () => {
  it('creates a customer without an account, with every field, and a referral code', async () => {
    const before = Date.now();
    const id = await create(
      newCustomer({
        name: '  Marrakech Riad Supplies ',
        email: ' Orders@Riad-Supplies.example ',
        phone: '+212 524 43 88 10',
        national_id: 'BE 872391',
        gender: 'female',
        date_of_birth: '1989-12-31',
        client_type: 'individual',
        business_industry: 'Furniture and home decor',
        street: '14 Derb Sidi Bouloukat',
        city: 'Marrakech',
        country: 'Morocco',
        company_name: 'Riad Supplies SARL',
      }),
      sessions.agent,
    );
    const created = await get(id);
    expect(created).toEqual({
      id,
      name: 'Marrakech Riad Supplies',
      email: 'orders@riad-supplies.example',
      phone: '+212524438810',
      national_id: 'BE 872391',
      gender: 'female',
      date_of_birth: '1989-12-31',
      client_type: 'individual',
      business_industry: 'Furniture and home decor',
      street: '14 Derb Sidi Bouloukat',
      city: 'Marrakech',
      country: 'Morocco',
      company_name: 'Riad Supplies SARL',
      has_account: false,
      access: 'none',
      invited_at: null,
      two_factor: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Date.parse(created.created_at)).toBeGreaterThanOrEqual(before - 1000);
    const row = await bo.backoffice.database
      .selectFrom('partners')
      .select(['referral_code', 'is_staff'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.referral_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(row.is_staff).toBe(0);
    expect(
      await bo.backoffice.database.selectFrom('users').select('id').where('partner_id', '=', id).execute(),
    ).toEqual([]);
    expect((await list({ search: 'riad' })).contacts.map((contact) => contact.id)).toEqual([id]);
  });

  it('stores an address left out or empty as null', async () => {
    const id = await create(newCustomer({ email: 'no-address@example.com', street: '', city: '  ' }));
    expect(await get(id)).toMatchObject({ street: null, city: null, country: null, company_name: null });
  });

  it('refuses an e-mail a partner or a user already has, in any case, storing nothing', async () => {
    await bo.backoffice.database
      .updateTable('partners')
      .set({ email: 'Wanjiru.Kamau@Example.com' })
      .where('email', '=', 'wanjiru.kamau@example.com')
      .execute();
    const before = await countPartners();
    const taken = [
      'client@example.com', // a customer with an account
      'KARIM.ELSAYED@example.com', // a customer without one
      'wanjiru.kamau@EXAMPLE.com', // stored in another case
      'operations@example.com', // the forwarder's own partner
      'Admin@Example.com', // a user whose partner has another e-mail
      'agent@example.com',
    ];
    for (const email of taken) {
      const result = await bo.call('createCustomer', {
        body: newCustomer({ email }),
        session: sessions.admin,
      });
      expect(result.status, email).toBe(409);
      expect(result.body).toEqual(emailTaken);
    }
    await create(newCustomer({ email: 'twice@example.com' }));
    const again = await bo.call('createCustomer', {
      body: newCustomer({ email: 'TWICE@example.com', name: 'Someone else' }),
      session: sessions.agent,
    });
    expect(again.status).toBe(409);
    expect(await countPartners()).toBe(Number(before) + 1);
  });

  it('refuses missing or invalid required fields with an issue for each, storing nothing', async () => {
    const before = await countPartners();
    const body: Record<string, unknown> = { ...newCustomer(), email: 'incomplete@example.com', name: ' ' };
    delete body.national_id;
    delete body.gender;
    const result = await bo.call('createCustomer', { body, session: sessions.admin });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: 'bad_request', error: 'The request is invalid' });
    const paths = (result.body as { issues: { path: string }[] }).issues.map((issue) => issue.path);
    expect(paths.sort()).toEqual(['gender', 'name', 'national_id']);

    const invalid: Partial<CustomerCreate>[] = [
      { email: 'not an e-mail' },
      { gender: 'other' as 'male' },
      { client_type: 'government' as 'company' },
      { date_of_birth: '17/02/1983' },
      { date_of_birth: '2999-01-01' },
      { business_industry: '' },
      { phone: '' },
    ];
    for (const extra of invalid) {
      const refused = await bo.call('createCustomer', {
        body: newCustomer({ email: 'invalid@example.com', ...extra }),
        session: sessions.admin,
      });
      expect(refused.status, JSON.stringify(extra)).toBe(400);
      const issues = (refused.body as { issues: { path: string }[] }).issues;
      expect(issues.length).toBeGreaterThan(0);
      expect(
        issues.every((issue) => issue.path === Object.keys(extra)[0]),
        JSON.stringify(issues),
      ).toBe(true);
    }
    expect(await countPartners()).toBe(before);
  });

  it('is forbidden to clients, storing nothing', async () => {
    const before = await countPartners();
    const result = await bo.call('createCustomer', {
      body: newCustomer({ email: 'by-a-client@example.com' }),
      session: sessions.client,
    });
    expect(result.status).toBe(403);
    expect(result.body).toEqual(forbidden);
    expect(await countPartners()).toBe(before);
  });
});
