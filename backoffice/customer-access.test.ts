// Customers' portal access: staff invite a customer they entered (a mail with a single-use link for a
// week, in the customer's language), the customer chooses a password and signs in; an address staff
// entered that someone registers with reaches that customer through the same link, never a second
// customer; staff disable and re-enable access, and correct a customer's details; an administrator
// turns off the two-step verification of a customer who lost their phone.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer as customerSchema, type CustomerCreate } from '@contract';
import { signInDemoAccounts, startTestBackoffice, type DemoAccount, type TestBackoffice } from './testing';

let bo: TestBackoffice;
const sessions: Record<DemoAccount, string> = { admin: '', agent: '', client: '', client2: '' };

beforeAll(async () => {
  bo = await startTestBackoffice();
  Object.assign(sessions, (await signInDemoAccounts(bo)).sessions);
});
afterAll(async () => {
  await bo?.dispose();
});

let serial = 0;
async function newCustomer(extra: Partial<CustomerCreate> = {}): Promise<{ id: number; email: string }> {
  serial += 1;
  const email = `access-${serial}@customer.example`;
  const body = {
    name: `Access Customer ${serial}`,
    phone: '+20 100 731 2284',
    email,
    national_id: `AC-${serial}`,
    client_type: 'company',
    business_industry: 'Textiles',
    country: 'Egypt',
    ...extra,
  } as CustomerCreate;
  const result = await bo.call('createCustomer', { body, session: sessions.agent });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return { id: (result.body as { id: number }).id, email: body.email };
}

const get = async (id: number) =>
  customerSchema.parse((await bo.call('getCustomer', { params: { id }, session: sessions.agent })).body);

async function lastMailTo(email: string) {
  const mails = (await bo.outbox()).filter((mail) => mail.to === email);
  return mails.at(-1);
}

/** The invitation link's token and address, as the portal's page reads them. */
function linkParts(link: string) {
  const url = new URL(link);
  expect(url.pathname).toBe('/auth/reset-password');
  expect(url.searchParams.get('invitation')).toBe('1');
  return { token: url.searchParams.get('token')!, email: url.searchParams.get('email')! };
}

describe('inviting a customer', () => {
  it('mails a link in the language chosen; the customer chooses a password once and signs in', async () => {
    const { id, email } = await newCustomer();
    expect(await get(id)).toMatchObject({ access: 'none', has_account: false, invited_at: null });

    const invited = await bo.call('inviteCustomer', {
      params: { id },
      body: { language: 'fr' },
      session: sessions.agent,
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body).toMatchObject({ access: 'invited', has_account: true });
    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe('Vous êtes invité sur le portail client Harbour Freight');
    const { token } = linkParts(mail!.link);

    // Nobody can sign in before the password is chosen.
    expect((await bo.call('login', { body: { email, password: 'demo1234' } })).status).toBe(401);
    // Sent again while unused: a new link; the first stops working.
    await bo.call('inviteCustomer', { params: { id }, body: { language: 'ar' }, session: sessions.agent });
    const again = await lastMailTo(email);
    // The company's Latin name isolated in the Arabic sentence (FSI … PDI).
    expect(again?.subject).toBe('دعوة إلى بوابة عملاء \u2068Harbour Freight\u2069');
    const old = await bo.call('passwordReset', {
      body: { email, token, password: 'first-link-passphrase-9' },
    });
    expect(old.status).toBe(400);

    const chosen = await bo.call('passwordReset', {
      body: { email, token: linkParts(again!.link).token, password: 'cargo-owner-passphrase-7' },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(await get(id)).toMatchObject({ access: 'active' });
    const login = await bo.call('login', { body: { email, password: 'cargo-owner-passphrase-7' } });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ partner_id: id });
    // Used once.
    const twice = await bo.call('passwordReset', {
      body: { email, token: linkParts(again!.link).token, password: 'another-passphrase-55' },
    });
    expect(twice.status).toBe(400);

    // Once the customer has a password, there is nothing to invite to.
    const joined = await bo.call('inviteCustomer', {
      params: { id },
      body: { language: 'en' },
      session: sessions.agent,
    });
    expect(joined.status).toBe(409);
    expect(joined.body).toMatchObject({ issues: [{ path: 'access' }] });
  });

  it('is staff work: 403 for a client, 404 for an unknown customer or the forwarder itself', async () => {
    const { id } = await newCustomer();
    const asClient = await bo.call('inviteCustomer', {
      params: { id },
      body: { language: 'en' },
      session: sessions.client,
    });
    expect(asClient.status).toBe(403);
    expect(
      (
        await bo.call('setCustomerAccess', {
          params: { id },
          body: { active: false },
          session: sessions.client,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await bo.call('inviteCustomer', {
          params: { id: 999999 },
          body: { language: 'en' },
          session: sessions.agent,
        })
      ).status,
    ).toBe(404);
  });
});

describe('disabling access', () => {
  it('ends the sessions and refuses sign-in until re-enabled', async () => {
    const { id, email } = await newCustomer();
    const none = await bo.call('setCustomerAccess', {
      params: { id },
      body: { active: false },
      session: sessions.admin,
    });
    expect(none.status).toBe(409);
    await bo.call('inviteCustomer', { params: { id }, body: { language: 'en' }, session: sessions.agent });
    const { token } = linkParts((await lastMailTo(email))!.link);
    await bo.call('passwordReset', { body: { email, token, password: 'cargo-owner-passphrase-8' } });
    const session = await bo.login(email, 'cargo-owner-passphrase-8');

    const disabled = await bo.call('setCustomerAccess', {
      params: { id },
      body: { active: false },
      session: sessions.admin,
    });
    expect(disabled.body).toMatchObject({ access: 'disabled' });
    expect((await bo.call('getProfile', { session })).status).toBe(401);
    expect((await bo.call('login', { body: { email, password: 'cargo-owner-passphrase-8' } })).status).toBe(
      401,
    );
    // A disabled customer is not invited again behind staff's back.
    expect(
      (await bo.call('inviteCustomer', { params: { id }, body: { language: 'en' }, session: sessions.agent }))
        .status,
    ).toBe(409);

    const enabled = await bo.call('setCustomerAccess', {
      params: { id },
      body: { active: true },
      session: sessions.admin,
    });
    expect(enabled.body).toMatchObject({ access: 'active' });
    expect((await bo.call('login', { body: { email, password: 'cargo-owner-passphrase-8' } })).status).toBe(
      200,
    );
  });
});

describe('registering with an address staff entered', () => {
  it('links to that customer through the mailed link, never a second customer', async () => {
    const { id, email } = await newCustomer();
    const partners = async () =>
      Number(
        (
          await bo.backoffice.database
            .selectFrom('partners')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await partners();
    const signup = await bo.call('signup', {
      body: {
        email: email.toUpperCase(),
        password: 'typed-at-signup-123',
        firstName: 'Mona',
        lastName: 'Aziz',
        lang: 'zh',
      },
    });
    expect(signup.status).toBe(200);
    expect(await partners()).toBe(before);
    // What was typed at sign-up does not open the account: the address is not proven yet.
    expect((await bo.call('login', { body: { email, password: 'typed-at-signup-123' } })).status).toBe(401);
    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe('进入您的 Harbour Freight 客户账户');
    const { token } = linkParts(mail!.link);
    await bo.call('passwordReset', { body: { email, token, password: 'proven-owner-passphrase-1' } });
    const login = await bo.call('login', { body: { email, password: 'proven-owner-passphrase-1' } });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ partner_id: id });
  });
});

describe('correcting a customer', () => {
  it('keeps the phone in international form and a national ID once per country', async () => {
    const first = await newCustomer({ national_id: 'EG-123', country: 'Egypt' });
    expect(await get(first.id)).toMatchObject({ phone: '+201007312284' });
    // The same number in another country is another person's.
    await newCustomer({ national_id: 'eg-123 ', country: 'Morocco' });
    const clash = await bo.call('createCustomer', {
      body: {
        name: 'Clash',
        phone: '+20 100 731 2285',
        email: 'clash@customer.example',
        national_id: 'EG-123',
        client_type: 'company',
        business_industry: 'Textiles',
        country: ' egypt',
      },
      session: sessions.agent,
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ issues: [{ path: 'national_id', message: 'national_id_taken' }] });

    const second = await newCustomer();
    const body = {
      name: 'Corrected Name',
      phone: '0020 2 2735 4410',
      email: second.email,
      national_id: 'EG-123',
      client_type: 'company' as const,
      business_industry: 'Furniture',
      country: 'Egypt',
    };
    const taken = await bo.call('updateCustomer', {
      params: { id: second.id },
      body,
      session: sessions.agent,
    });
    expect(taken.status).toBe(409);
    const saved = await bo.call('updateCustomer', {
      params: { id: second.id },
      body: { ...body, national_id: 'EG-456' },
      session: sessions.agent,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      name: 'Corrected Name',
      phone: '+20227354410',
      business_industry: 'Furniture',
    });
    const emailTaken = await bo.call('updateCustomer', {
      params: { id: second.id },
      body: { ...body, national_id: 'EG-456', email: 'client@example.com' },
      session: sessions.agent,
    });
    expect(emailTaken.status).toBe(409);
    expect(emailTaken.body).toMatchObject({ issues: [{ path: 'email' }] });
  });

  it('refuses a phone without its country code, an implausible birth date, and a company with a gender', async () => {
    const base = {
      name: 'Checked',
      phone: '+20 100 731 2284',
      email: 'checked@customer.example',
      national_id: 'CHK-1',
      client_type: 'individual',
      gender: 'female',
      date_of_birth: '1990-05-01',
      business_industry: 'Textiles',
    };
    const refused = async (extra: Record<string, unknown>, path: string) => {
      const result = await bo.call('createCustomer', {
        body: { ...base, ...extra },
        session: sessions.agent,
      });
      expect(result.status, JSON.stringify(extra)).toBe(400);
      expect((result.body as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toContain(
        path,
      );
    };
    await refused({ phone: '0100 731 2284' }, 'phone');
    await refused({ phone: '+20 1' }, 'phone');
    await refused({ date_of_birth: '1850-01-01' }, 'date_of_birth');
    await refused({ date_of_birth: new Date().toISOString().slice(0, 10) }, 'date_of_birth');
    await refused({ client_type: 'company' }, 'gender');
    await refused({ gender: undefined }, 'gender');
  });
});

describe("turning off a customer's two-step verification", () => {
  const codeFor = (secret: string, offsetSeconds = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: Date.now() + offsetSeconds * 1000,
    });

  /** A customer who joined by invitation (in `language`) and turned two-step verification on. */
  async function customerWithTwoFactor(language: 'en' | 'fr' | 'ar' | 'zh') {
    const { id, email } = await newCustomer();
    await bo.call('inviteCustomer', { params: { id }, body: { language }, session: sessions.agent });
    const { token } = linkParts((await lastMailTo(email))!.link);
    await bo.call('passwordReset', { body: { email, token, password: 'lost-my-phone-passphrase' } });
    const session = await bo.login(email, 'lost-my-phone-passphrase');
    const { secret } = (await bo.call('setupTwoFactor', { session })).body as { secret: string };
    const enabled = await bo.call('enableTwoFactor', { body: { code: codeFor(secret) }, session });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    const codes = (enabled.body as { recovery_codes: string[] }).recovery_codes;
    return { id, email, secret, codes };
  }
  const signIn = (email: string) =>
    bo.call('login', { body: { email, password: 'lost-my-phone-passphrase' } });
  const reason = 'Called back on the phone number on file; they lost their phone.';

  it('lets the customer sign in with the password alone, mails them, and keeps the reason in the history', async () => {
    const { id, email, codes } = await customerWithTwoFactor('fr');
    expect(await get(id)).toMatchObject({ two_factor: true });
    // The customer is stuck at the code (a sign-in waiting for it, wrong codes counted).
    const waiting = await signIn(email);
    expect(waiting.status).toBe(401);
    const { challenge } = waiting.body as { challenge: string };

    const reset = await bo.call('resetCustomerTwoFactor', {
      params: { id },
      body: { reason },
      session: sessions.admin,
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body).toMatchObject({ id, two_factor: false, access: 'active' });

    // The password alone signs in; the sign-in that waited and the old recovery codes are gone.
    expect((await signIn(email)).status).toBe(200);
    expect((await bo.call('loginTwoFactor', { body: { challenge, code: codes[0]! } })).status).toBe(401);
    const recovery = await bo.backoffice.database
      .selectFrom('recovery_codes as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select('r.id')
      .where('u.email', '=', email)
      .execute();
    expect(recovery).toEqual([]);

    // Told in the language of the account, with the page that turns it on again.
    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe('La validation en deux étapes de votre compte a été désactivée');
    expect(mail?.link).toMatch(/\/pages\/account-settings\/two-step$/);
    expect(mail?.text).toContain('Harbour Freight');

    const history = await bo.call('getHistory', {
      params: { record_type: 'customer', id },
      session: sessions.admin,
    });
    expect((history.body as { events: unknown[] }).events).toContainEqual(
      expect.objectContaining({ action: 'two_factor_reset', note: reason }),
    );

    // Once off, there is nothing to turn off (409 on the field), and the customer may turn it on again.
    const again = await bo.call('resetCustomerTwoFactor', {
      params: { id },
      body: { reason },
      session: sessions.admin,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ issues: [{ path: 'two_factor' }] });
  });

  it("is an administrator's act: 403 for an agent or a client, 404 for an unknown customer, 400 without a reason", async () => {
    const { id, email } = await customerWithTwoFactor('en');
    for (const session of [sessions.agent, sessions.client]) {
      const refused = await bo.call('resetCustomerTwoFactor', { params: { id }, body: { reason }, session });
      expect(refused.status).toBe(403);
    }
    const unknown = await bo.call('resetCustomerTwoFactor', {
      params: { id: 999999 },
      body: { reason },
      session: sessions.admin,
    });
    expect(unknown.status).toBe(404);
    const short = await bo.call('resetCustomerTwoFactor', {
      params: { id },
      body: { reason: 'asked' },
      session: sessions.admin,
    });
    expect(short.status).toBe(400);
    // Nothing changed: the sign-in still asks for a code.
    expect(await get(id)).toMatchObject({ two_factor: true });
    expect((await signIn(email)).status).toBe(401);
  });
});
