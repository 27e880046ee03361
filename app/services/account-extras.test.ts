// The staff member's warehouse and the default it gives the staff lists; documents shared by signed
// links — the portal's loaders and actions against the reference back office, with every refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import {
  args,
  formRequest,
  pageRequest,
  type PortalAccount,
  signInPortalAccounts,
  startPortalBackoffice,
  thrown,
  withParams,
} from '../../tests/unit/portal-server';
import { flashAfter } from '../../tests/unit/flash';

let reference: TestBackoffice;
let cookies: Record<PortalAccount, string>;
let partners: Record<PortalAccount, number>;

beforeAll(async () => {
  reference = await startPortalBackoffice();
  ({ cookies, partners } = await signInPortalAccounts(reference));
});
afterAll(() => reference.dispose());

const SCREEN = '/pages/account-settings-warehouse';

describe('warehouse settings (/pages/account-settings-warehouse)', () => {
  it('answers 403 to a client', async () => {
    const { loader, action } = await import('../routes/_portal.pages.account-settings-warehouse');
    expect((await thrown(() => loader(args(pageRequest(SCREEN, { cookie: cookies.client }))))).status).toBe(
      403,
    );
    const posted = await thrown(() =>
      action(
        args(formRequest(SCREEN, { name: 'X', address: 'Y', origin: 'china' }, { cookie: cookies.client })),
      ),
    );
    expect(posted.status).toBe(403);
  });

  it('keeps what was typed when a field is wrong', async () => {
    const { action } = await import('../routes/_portal.pages.account-settings-warehouse');
    const result = (await action(
      args(
        formRequest(
          SCREEN,
          { name: 'Yiwu hub', address: '', origin: 'china', contactEmail: 'nope' },
          { cookie: cookies.agent },
        ),
      ),
    )) as unknown as {
      init: ResponseInit;
      data: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.error.address).toEqual(['validation.required']);
    expect(result.data.error.contactEmail).toEqual(['validation.email']);
    expect(result.data.initialValue.name).toBe('Yiwu hub');
  });

  it("saves the agent's warehouse; the staff lists then open on its origin, and can show all", async () => {
    const page = await import('../routes/_portal.pages.account-settings-warehouse');
    const orders = await import('../routes/_portal.apps.shipping._index');
    const requests = await import('../routes/_portal.apps.client-service-requests');
    const before = await orders.loader(args(pageRequest('/apps/shipping', { cookie: cookies.agent })));
    expect(before.page!.warehouse).toBeNull();
    expect(before.page!.origin).toBeUndefined();

    const saved = (await page.action(
      args(
        formRequest(
          SCREEN,
          {
            name: 'Yiwu hub',
            address: '18 Futian Road, Yiwu',
            origin: 'china',
            openingHours: 'Mon–Sat 8:00–18:00',
            contactPhone: '+86 579 8555 0101',
          },
          { cookie: cookies.agent },
        ),
      ),
    )) as Response;
    expect(saved.headers.get('Location')).toBe(SCREEN);
    expect(await flashAfter(saved)).toEqual({ key: 'account:warehouse.saved' });
    const shown = await page.loader(args(pageRequest(SCREEN, { cookie: cookies.agent })));
    expect(shown.warehouse).toMatchObject({ name: 'Yiwu hub', origin: 'china' });

    const after = await orders.loader(args(pageRequest('/apps/shipping', { cookie: cookies.agent })));
    expect(after.page!.warehouse).toEqual({ name: 'Yiwu hub', origin: 'china' });
    expect(after.page!.items.length).toBeGreaterThan(0);
    expect(after.page!.items.every((order) => order.origin === 'china')).toBe(true);
    const all = await orders.loader(
      args(pageRequest('/apps/shipping?origin=all', { cookie: cookies.agent })),
    );
    expect(all.page!.warehouse).toBeNull();
    // "All origins" is every order of the agent's scope (ADR 049): the warehouse's, none handed to them
    // from elsewhere here; without a warehouse it was every order.
    expect(all.page!.total).toBe(after.page!.total);
    expect(all.page!.total).toBeLessThan(before.page!.total);

    const staffRequests = await requests.loader(
      args(pageRequest('/apps/client-service-requests', { cookie: cookies.agent })),
    );
    expect(staffRequests.page!.warehouse).toEqual({ name: 'Yiwu hub', origin: 'china' });
    // The queue holds the warehouse's origin and the requests that name none (never another origin).
    const origins = staffRequests.page!.requests.map((request) => request.origin ?? null);
    expect(origins.every((origin) => origin === 'china' || origin === null)).toBe(true);
    expect(origins).toContain(null);

    // Another staff member's lists are not affected; a client's never are.
    const admin = await orders.loader(args(pageRequest('/apps/shipping', { cookie: cookies.admin })));
    expect(admin.page!.warehouse).toBeNull();
    const client = await orders.loader(args(pageRequest('/apps/shipping', { cookie: cookies.client })));
    expect(client.page!.warehouse).toBeNull();
  });
});

describe('a loan document shared by a signed link', () => {
  function documentOf(who: 'client' | 'client2') {
    return reference.backoffice.database
      .selectFrom('loan_documents as d')
      .innerJoin('loans as l', 'l.id', 'd.loan_id')
      .select(['d.id', 'l.name'])
      .where('l.partner_id', '=', partners[who])
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
  }

  it('gives the client a link that opens the file without an account', async () => {
    const details = await import('../routes/_portal.apps.loan.loan-details.$loanNumber');
    const shared = await import('../routes/shared.$token');
    const file = await import('../routes/shared.$token.file');
    const doc = await documentOf('client');
    const path = `/apps/loan/loan-details/${doc.name}`;
    const answer = (await details.action(
      withParams(
        formRequest(path, { intent: 'share', documentId: String(doc.id) }, { cookie: cookies.client }),
        { loanNumber: doc.name },
      ),
    )) as unknown as { data: { kind: string; link: string; expiresAt: string } };
    expect(answer.data.kind).toBe('share');
    const link = new URL(answer.data.link);
    expect(link.pathname).toMatch(/^\/shared\/[A-Za-z0-9_-]{32,}$/);
    const days = (new Date(answer.data.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const token = link.pathname.split('/').at(-1)!;
    const page = (await shared.loader(withParams(pageRequest(link.pathname), { token }))) as unknown as {
      init: ResponseInit | null;
      data: { file: { filename: string } | null };
    };
    expect(page.data.file?.filename).toMatch(/\.pdf$/);
    const download = await file.loader(withParams(pageRequest(`${link.pathname}/file?view=1`), { token }));
    expect(download.headers.get('Content-Disposition')).toMatch(/^inline; /);
    expect(download.headers.get('Referrer-Policy')).toBe('no-referrer');
  });

  it('refuses a tampered or unknown link with one message that reveals nothing', async () => {
    const shared = await import('../routes/shared.$token');
    const file = await import('../routes/shared.$token.file');
    for (const token of ['A'.repeat(43), 'not a token', '../../etc/passwd']) {
      const page = (await shared.loader(
        withParams(pageRequest(`/shared/${encodeURIComponent(token)}`), { token }),
      )) as unknown as {
        init: ResponseInit;
        data: { file: unknown; title: string };
      };
      expect(page.init.status).toBe(404);
      expect(page.data.file).toBeNull();
      const refused = await thrown(() => file.loader(withParams(pageRequest('/shared/x/file'), { token })));
      expect(refused.status).toBe(404);
    }
  });

  it("answers 404 when a client shares another customer's document", async () => {
    const details = await import('../routes/_portal.apps.loan.loan-details.$loanNumber');
    const doc = await documentOf('client');
    const refused = await thrown(() =>
      details.action(
        withParams(
          formRequest(
            `/apps/loan/loan-details/${doc.name}`,
            { intent: 'share', documentId: String(doc.id) },
            { cookie: cookies.client2 },
          ),
          { loanNumber: doc.name },
        ),
      ),
    );
    expect(refused.status).toBe(404);
  });
});

describe('language and appearance saved with the account', () => {
  it('follow the user to a new sign-in (another device)', async () => {
    const { action } = await import('../routes/preferences');
    const { loginAction } = await import('./auth-actions.server');
    const language = (await action(
      args(
        formRequest(
          '/preferences',
          { intent: 'language', lng: 'zh', redirectTo: '/dashboards/modern' },
          { cookie: cookies.client2 },
        ),
      ),
    )) as Response;
    expect(language.status).toBe(302);
    const appearance = (await action(
      args(
        formRequest(
          '/preferences',
          {
            intent: 'appearance',
            theme: 'GREEN_THEME',
            mode: 'dark',
            dir: 'ltr',
            layout: 'full',
            horizontal: 'false',
            cardShadow: 'true',
            borderRadius: '12',
            redirectTo: '/',
          },
          { cookie: cookies.client2 },
        ),
      ),
    )) as Response;
    expect(appearance.status).toBe(302);

    // A browser that never saw those cookies signs in.
    const fresh = (await loginAction(
      args(formRequest('/auth/login', { email: 'client2@example.com', password: 'demo1234' })),
    )) as Response;
    const setCookies = fresh.headers.getSetCookie();
    expect(setCookies.some((cookie) => cookie.startsWith('lng='))).toBe(true);
    const { languageCookie } = await import('./i18n.server');
    const { appearanceCookie } = await import('./preferences.server');
    const header = setCookies.map((cookie) => cookie.split(';')[0]).join('; ');
    expect(await languageCookie.parse(header)).toBe('zh');
    expect(await appearanceCookie.parse(header)).toMatchObject({
      theme: 'GREEN_THEME',
      mode: 'dark',
      layout: 'full',
      borderRadius: 12,
    });
  });

  it('leave a visitor who is not signed in with cookies only', async () => {
    const { action } = await import('../routes/preferences');
    const response = (await action(
      args(formRequest('/preferences', { intent: 'language', lng: 'fr', redirectTo: '/' })),
    )) as Response;
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('lng='))).toBe(true);
  });
});

describe('the profile form of /pages/account-settings', () => {
  it('lets a staff member change their name and phone; the portal then greets them by it', async () => {
    const { loader } = await import('../routes/_portal.pages.account-settings');
    const { action } = await import('../routes/_portal.pages.account-settings.profile');
    const refused = (await action(
      args(
        formRequest(
          '/pages/account-settings/profile',
          { firstName: '', phone: '+971 4 000' },
          { cookie: cookies.admin },
        ),
      ),
    )) as unknown as {
      init: ResponseInit;
      data: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.error.firstName).toEqual(['validation.required']);
    expect(refused.data.initialValue.phone).toBe('+971 4 000');

    const saved = (await action(
      args(
        formRequest(
          '/pages/account-settings/profile',
          { firstName: 'Amina', lastName: 'Haddad-Saleh', phone: '+971 4 881 2201' },
          { cookie: cookies.admin },
        ),
      ),
    )) as Response;
    expect(saved.headers.get('Location')).toBe('/pages/account-settings');
    expect(await flashAfter(saved)).toEqual({ key: 'account:profile.saved' });
    const cookie = saved.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = await loader(args(pageRequest('/pages/account-settings', { cookie })));
    expect(page.name).toBe('Amina Haddad-Saleh');
    expect(page.profile).toMatchObject({
      first_name: 'Amina',
      last_name: 'Haddad-Saleh',
      phone: '+971 4 881 2201',
    });
  });
});
