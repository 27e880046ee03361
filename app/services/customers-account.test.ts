// Staff's customers directory and "Add New Customer", staff filing a request for a customer, and the
// customer's own account settings — against the reference back office, with every refusal.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import {
  args,
  cookiesFrom,
  formRequest,
  pageRequest,
  PORTAL,
  startPortalBackoffice,
  thrown,
} from '../../tests/unit/portal-server';
import { flashAfter } from '../../tests/unit/flash';

let reference: TestBackoffice;
const cookies: Record<string, string> = {};
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  reference = await startPortalBackoffice();
  const { loginAction } = await import('./auth-actions.server');
  for (const who of ['client', 'client2', 'agent', 'admin']) {
    const response = (await loginAction(
      args(formRequest('/auth/login', { email: `${who}@example.com`, password: 'demo1234' })),
    )) as Response;
    cookies[who] = cookiesFrom(response);
  }
});
afterAll(() => reference.dispose());

type Reply = {
  init: ResponseInit | null;
  data: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
};

const newCustomer = {
  name: 'Mariam Okafor',
  phone: '+234 803 555 0100',
  email: 'mariam@lagos-textiles.example',
  nationalId: 'NG-88231',
  gender: 'female',
  dateOfBirth: '1986-04-12',
  clientType: 'individual',
  businessIndustry: 'Textiles',
  companyName: 'Lagos Textiles',
};

describe('customers directory (staff)', () => {
  it('lists customers ten a page, with search in the URL', async () => {
    const { loader } = await import('../routes/_portal.apps.customers._index');
    const first = await loader(args(pageRequest('/apps/customers', { cookie: cookies.agent })));
    expect(first.page!.customers.length).toBeLessThanOrEqual(10);
    expect(first.page!.total).toBeGreaterThan(10);
    const searched = await loader(args(pageRequest('/apps/customers?q=Nile', { cookie: cookies.agent })));
    expect(searched.page!.customers.map((c) => c.name)).toContain('Nile Star Trading');
  });

  it('adds a customer, then refuses the same e-mail', async () => {
    const { action } = await import('../routes/_portal.apps.customers.new');
    const response = (await action(
      args(formRequest('/apps/customers/new', newCustomer, { cookie: cookies.agent })),
    )) as Response;
    expect(response.headers.get('Location')).toMatch(/^\/apps\/customers\/\d+$/);
    expect(await flashAfter(response)).toEqual({
      key: 'customers:directory.added',
      values: { name: 'Mariam Okafor', email: 'mariam@lagos-textiles.example' },
    });
    const again = (await action(
      args(formRequest('/apps/customers/new', newCustomer, { cookie: cookies.agent })),
    )) as unknown as Reply;
    expect(again.init?.status).toBe(409);
    expect(again.data.error?.email).toEqual(['customers:add.emailTaken']);
    expect(again.data.initialValue).toMatchObject({ name: 'Mariam Okafor', nationalId: 'NG-88231' });
  });

  it('says "all required fields must be filled" when one is empty', async () => {
    const { action } = await import('../routes/_portal.apps.customers.new');
    const result = (await action(
      args(formRequest('/apps/customers/new', { ...newCustomer, nationalId: '' }, { cookie: cookies.agent })),
    )) as unknown as Reply;
    expect(result.data.error?.['']).toEqual(['common:validation.allRequired']);
    expect(result.data.error?.nationalId).toEqual(['validation.required']);
  });

  it('shows one customer, and 404 for one that does not exist', async () => {
    const { loader } = await import('../routes/_portal.apps.customers.$id');
    const list = await (
      await import('../routes/_portal.apps.customers._index')
    ).loader(args(pageRequest('/apps/customers?q=Mariam', { cookie: cookies.agent })));
    const id = list.page!.customers[0]!.id;
    const detail = await loader({
      ...args(pageRequest(`/apps/customers/${id}`, { cookie: cookies.agent })),
      params: { id: String(id) },
    });
    expect(detail.customer).toMatchObject({
      name: 'Mariam Okafor',
      national_id: 'NG-88231',
      gender: 'female',
      has_account: false,
    });
    const missing = await thrown(() =>
      loader({
        ...args(pageRequest('/apps/customers/999999', { cookie: cookies.agent })),
        params: { id: '999999' },
      }),
    );
    expect(missing.status).toBe(404);
  });

  it('refuses clients everywhere in the directory (403)', async () => {
    const list = await import('../routes/_portal.apps.customers._index');
    const add = await import('../routes/_portal.apps.customers.new');
    expect(
      (await thrown(() => list.loader(args(pageRequest('/apps/customers', { cookie: cookies.client })))))
        .status,
    ).toBe(403);
    expect(
      (
        await thrown(() =>
          add.action(args(formRequest('/apps/customers/new', newCustomer, { cookie: cookies.client }))),
        )
      ).status,
    ).toBe(403);
  });
});

describe("turning off a customer's two-step verification (administrators)", () => {
  /** A customer who registered and turned two-step verification on: their customer id. */
  async function customerWithTwoStep(): Promise<number> {
    const email = 'lost-phone@customer.example';
    const password = 'lost-phone-passphrase-1';
    const signup = await reference.call('signup', {
      body: { email, password, firstName: 'Samir', lastName: 'Haddad', lang: 'en' },
    });
    expect(signup.status).toBe(200);
    const signedIn = await reference.call('login', { body: { email, password } });
    const partner = (signedIn.body as { partner_id: number }).partner_id;
    const session = await reference.login(email, password);
    const { secret } = (await reference.call('setupTwoFactor', { session })).body as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    expect((await reference.call('enableTwoFactor', { body: { code }, session })).status).toBe(200);
    return partner;
  }

  it('shows the state on the customer, and lets only an administrator turn it off, with a reason', async () => {
    const id = await customerWithTwoStep();
    const page = await import('../routes/_portal.apps.customers.$id');
    const turnOff = await import('../routes/_portal.apps.customers.$id_.two-step');
    const at = (path: string, who: string) => ({
      ...args(pageRequest(path, { cookie: cookies[who] })),
      params: { id: String(id) },
    });
    const post = (who: string, reason: string) => ({
      ...args(formRequest(`/apps/customers/${id}/two-step`, { reason }, { cookie: cookies[who] })),
      params: { id: String(id) },
    });

    const asAdmin = await page.loader(at(`/apps/customers/${id}`, 'admin'));
    expect(asAdmin).toMatchObject({ customer: { two_factor: true }, mayTurnOffTwoStep: true });
    const asAgent = await page.loader(at(`/apps/customers/${id}`, 'agent'));
    expect(asAgent).toMatchObject({ customer: { two_factor: true }, mayTurnOffTwoStep: false });

    // An agent or a client is refused the page and its form (403): nothing changes.
    for (const who of ['agent', 'client']) {
      expect((await thrown(() => turnOff.loader(at(`/apps/customers/${id}/two-step`, who)))).status).toBe(
        403,
      );
      expect(
        (await thrown(() => turnOff.action(post(who, 'Called back on the number on file')))).status,
      ).toBe(403);
    }
    const form = await turnOff.loader(at(`/apps/customers/${id}/two-step`, 'admin'));
    expect(form.customer).toEqual({ id, name: 'Samir Haddad', twoFactor: true });

    // Too short a reason: the form again with what was typed.
    const short = (await turnOff.action(post('admin', 'asked'))) as unknown as Reply;
    expect(short.init?.status).toBe(400);
    expect(short.data.error?.reason).toEqual(['customers:twoStep.reasonTooShort']);
    expect(short.data.initialValue).toMatchObject({ reason: 'asked' });

    const done = (await turnOff.action(post('admin', 'Called back on the number on file'))) as Response;
    expect(done.headers.get('Location')).toBe(`/apps/customers/${id}`);
    expect(await flashAfter(done)).toEqual({
      key: 'customers:twoStep.done',
      values: { name: 'Samir Haddad' },
    });
    const after = await page.loader(at(`/apps/customers/${id}`, 'admin'));
    expect(after).toMatchObject({ customer: { two_factor: false } });
    expect(after.history).toEqual([
      expect.objectContaining({ action: 'two_factor_reset', note: 'Called back on the number on file' }),
    ]);

    // Already off (another administrator was quicker): said on the form, the reason kept.
    const again = (await turnOff.action(
      post('admin', 'Called back on the number on file'),
    )) as unknown as Reply;
    expect(again.init?.status).toBe(400);
    expect(again.data.error?.['']).toEqual(['customers:twoStep.alreadyOff']);
    expect(again.data.initialValue).toMatchObject({ reason: 'Called back on the number on file' });
  });
});

describe('staff file a request for a customer', () => {
  it('files it under the customer, who then sees it', async () => {
    const { loader, action } = await import('../routes/_portal.apps.request-for-service');
    const page = await loader(args(pageRequest('/apps/request-for-service', { cookie: cookies.agent })));
    const jade = page.customers.find((c) => c.name.startsWith('Jade Harbor Imports'))!;
    const send = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      return action(
        args(
          new Request(new URL('/apps/request-for-service', PORTAL), {
            method: 'POST',
            body: form,
            headers: { Cookie: cookies.agent! },
          }),
        ),
      );
    };
    const request = {
      customer: String(jade.id),
      service: 'quotation',
      description: 'Quote for 2 x 40ft from Ningbo, filed by phone.',
    };
    // A quotation names the shipment, as the customer's own form does: every missing field is said.
    const incomplete = (await send(request)) as unknown as {
      data: { error?: Record<string, string[]> };
    };
    expect(Object.keys(incomplete.data.error ?? {}).sort()).toEqual(
      ['category', 'cbm', 'containerType', 'destination', 'origin'].sort(),
    );
    const response = (await send({
      ...request,
      category: 'furniture_home_decor',
      containerType: 'full_container_load',
      origin: 'china',
      destination: 'jebel_ali',
      cbm: '67',
    })) as Response;
    expect(response.headers.get('Location')).toBe('/apps/request-for-service');
    const filed = await flashAfter(response);
    expect(filed).toMatchObject({ key: 'customers:staffRequest.sent', values: { id: expect.any(Number) } });

    const { loader: clientList } = await import('../routes/_portal.apps.send-client-requests');
    const theirs = await clientList(
      args(pageRequest('/apps/send-client-requests?q=Ningbo', { cookie: cookies.client2 })),
    );
    expect(theirs.page!.requests[0]).toMatchObject({
      service: 'quotation',
      email_from: 'client2@example.com',
      origin: 'china',
      destination: 'jebel_ali',
    });
    const notMine = await clientList(
      args(pageRequest('/apps/send-client-requests?q=Ningbo', { cookie: cookies.client })),
    );
    expect(notMine.page!.requests).toEqual([]);
  });
});

describe('account settings', () => {
  it('saves the customer contact details and shows them back', async () => {
    const { loader } = await import('../routes/_portal.pages.account-settings');
    const { action } = await import('../routes/_portal.pages.account-settings.contact');
    const response = (await action(
      args(
        formRequest(
          '/pages/account-settings/contact',
          {
            name: 'Nile Star Trading',
            phone: '+20 2 2735 9999',
            street: '',
            city: 'Cairo',
            country: 'Egypt',
            companyName: 'Nile Star Trading LLC',
          },
          { cookie: cookies.client },
        ),
      ),
    )) as Response;
    expect(response.headers.get('Location')).toBe('/pages/account-settings');
    expect(await flashAfter(response)).toEqual({ key: 'account:contact.saved' });
    const page = await loader(args(pageRequest('/pages/account-settings', { cookie: cookies.client })));
    expect(page.contact).toMatchObject({ phone: '+20227359999', street: null, city: 'Cairo' });
    expect(page.contact?.referral_code).toMatch(/^[A-Z0-9]{6,}$/);
  });

  it('keeps what was typed when the name is empty', async () => {
    const { action } = await import('../routes/_portal.pages.account-settings.contact');
    const result = (await action(
      args(
        formRequest(
          '/pages/account-settings/contact',
          { name: '', phone: '+20 1' },
          { cookie: cookies.client },
        ),
      ),
    )) as unknown as {
      data: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(result.data.error.name).toEqual(['validation.required']);
    expect(result.data.initialValue.phone).toBe('+20 1');
  });

  it('uploads a profile picture, serves it to its owner only, and refuses other types', async () => {
    const { loader } = await import('../routes/_portal.pages.account-settings');
    const { action } = await import('../routes/_portal.pages.account-settings.image');
    const upload = (name: string, content: Buffer) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(content)]), name);
      return new Request(new URL('/pages/account-settings/image', PORTAL), {
        method: 'POST',
        body: form,
        headers: { Cookie: cookies.client! },
      });
    };
    const uploaded = (await action(args(upload('me.png', PNG)))) as Response;
    expect(uploaded.headers.get('Location')).toBe('/pages/account-settings');
    expect(await flashAfter(uploaded)).toEqual({ key: 'account:image.saved' });
    expect(
      (await loader(args(pageRequest('/pages/account-settings', { cookie: cookies.client })))).picture,
    ).toMatch(/^\/pages\/account-image\?v=\d+$/);

    const image = await import('../routes/_portal.pages.account-image');
    const mine = await image.loader(args(pageRequest('/pages/account-image', { cookie: cookies.client })));
    expect(mine.headers.get('Content-Type')).toBe('image/png');
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(PNG);
    expect(
      (
        await thrown(() =>
          image.loader(args(pageRequest('/pages/account-image', { cookie: cookies.client2 }))),
        )
      ).status,
    ).toBe(404);

    const wrong = (await action(args(upload('me.pdf', Buffer.from('%PDF-1.4'))))) as unknown as {
      data: { error: Record<string, string[]> };
    };
    expect(wrong.data.error.image).toEqual(['account:image.wrongType']);
    const fake = (await action(args(upload('me.png', Buffer.from('not a png at all'))))) as unknown as {
      data: { error: Record<string, string[]> };
    };
    expect(fake.data.error.image).toEqual(['account:image.wrongType']);
  });

  it('shows staff their details read-only and refuses their posts', async () => {
    const { loader } = await import('../routes/_portal.pages.account-settings');
    const contact = await import('../routes/_portal.pages.account-settings.contact');
    const page = await loader(args(pageRequest('/pages/account-settings', { cookie: cookies.agent })));
    expect(page.staff).toBe(true);
    expect(
      (
        await thrown(() =>
          contact.action(
            args(formRequest('/pages/account-settings/contact', { name: 'X' }, { cookie: cookies.agent })),
          ),
        )
      ).status,
    ).toBe(403);
  });
});

describe('password change', () => {
  async function signIn(email: string, password: string) {
    const { loginAction } = await import('./auth-actions.server');
    return cookiesFrom(
      (await loginAction(args(formRequest('/auth/login', { email, password })))) as Response,
    );
  }

  it('asks for the right current password, then changes it and ends the other sessions', async () => {
    const { registerAction } = await import('./auth-actions.server');
    // Registering signs nobody in (the same answer for a known address): then the sign-in.
    await registerAction(
      args(
        formRequest('/auth/register', {
          fullName: 'Pat Changer',
          email: 'pat@example.com',
          password: 'first-password',
        }),
      ),
    );
    const here = await signIn('pat@example.com', 'first-password');
    const elsewhere = await signIn('pat@example.com', 'first-password');
    const { loader } = await import('../routes/_portal.pages.account-settings');
    const { action } = await import('../routes/_portal.pages.account-settings.password');
    const change = (fields: Record<string, string>, cookie: string) =>
      action(args(formRequest('/pages/account-settings/password', fields, { cookie })));

    const wrong = (await change(
      { currentPassword: 'nope', newPassword: 'second-password', confirm: 'second-password' },
      here,
    )) as unknown as {
      data: { error: Record<string, string[]>; initialValue?: Record<string, string> };
    };
    expect(wrong.data.error.currentPassword).toEqual(['account:password.wrongCurrent']);
    expect(wrong.data.initialValue?.newPassword).toBeUndefined();

    const common = (await change(
      { currentPassword: 'first-password', newPassword: 'password123', confirm: 'password123' },
      here,
    )) as unknown as {
      data: { error: Record<string, string[]> };
    };
    expect(common.data.error.newPassword).toEqual(['validation.passwordWeak']);

    const done = (await change(
      { currentPassword: 'first-password', newPassword: 'second-password', confirm: 'second-password' },
      here,
    )) as Response;
    expect(done.headers.get('Location')).toBe('/pages/account-settings');
    expect(await flashAfter(done)).toEqual({ key: 'account:password.saved' });
    expect(
      (await loader(args(pageRequest('/pages/account-settings', { cookie: here })))).contact?.email,
    ).toBe('pat@example.com');
    const ended = await thrown(() =>
      loader(args(pageRequest('/pages/account-settings', { cookie: elsewhere }))),
    );
    expect(ended.headers.get('Location')).toBe(
      '/auth/login?redirectTo=%2Fpages%2Faccount-settings&expired=1',
    );
    const { loginAction } = await import('./auth-actions.server');
    const old = (await loginAction(
      args(formRequest('/auth/login', { email: 'pat@example.com', password: 'first-password' })),
    )) as unknown as {
      init: ResponseInit;
    };
    expect(old.init.status).toBe(401);
  });

  it('lets staff change theirs too', async () => {
    const { action } = await import('../routes/_portal.pages.account-settings.password');
    const response = (await action(
      args(
        formRequest(
          '/pages/account-settings/password',
          {
            currentPassword: 'demo1234',
            newPassword: 'quay-side-lantern',
            confirm: 'quay-side-lantern',
          },
          { cookie: cookies.agent },
        ),
      ),
    )) as Response;
    expect(response.headers.get('Location')).toBe('/pages/account-settings');
  });
});
