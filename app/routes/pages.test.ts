// The loaders of the FAQ, pricing, tree view, legal pages and accessibility statement, signed in against the reference back office:
// who may open them, the URL state they read, and what they offer to whom.
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
} from '../../tests/unit/portal-server';
import { ACCESSIBILITY_UPDATED, SESSION_COOKIE, SUPPORT_EMAIL } from '~/components/pages/legal-content';
import { ACCESSIBILITY_PATH, PRIVACY_PATH, TERMS_PATH } from '~/components/pages/openable';

let reference: TestBackoffice;
let cookies: Record<PortalAccount, string>;

beforeAll(async () => {
  reference = await startPortalBackoffice();
  ({ cookies } = await signInPortalAccounts(reference));
});
afterAll(() => reference.dispose());

describe('/pages/faq', () => {
  it('sends an anonymous visitor to sign in', async () => {
    const { loader } = await import('./_portal.pages.faq');
    const answer = await thrown(() => loader(args(pageRequest('/pages/faq'))));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/auth/login?redirectTo=%2Fpages%2Ffaq');
  });

  it('links the answers to the screens the user may open', async () => {
    const { loader } = await import('./_portal.pages.faq');
    const client = await loader(args(pageRequest('/pages/faq', { cookie: cookies.client })));
    expect(client.title).toBe('Frequently asked questions · Harbour Freight');
    expect(client.links).toContain('/apps/request-for-shipping');
    expect(client.values.days).toBe(7);
    const agent = await loader(args(pageRequest('/pages/faq', { cookie: cookies.agent })));
    expect(agent.links).not.toContain('/apps/request-for-shipping');
    expect(agent.links).toContain('/apps/loans');
  });
});

describe('/pages/pricing', () => {
  it('reads the billing period from the URL', async () => {
    const { loader } = await import('./_portal.pages.pricing');
    const ask = async (query: string) =>
      (await loader(args(pageRequest(`/pages/pricing${query}`, { cookie: cookies.client })))).billing;
    expect(await ask('')).toBe('monthly');
    expect(await ask('?billing=yearly')).toBe('yearly');
    expect(await ask('?billing=monthly')).toBe('monthly');
    expect(await ask('?billing=forever')).toBe('monthly');
  });

  it('offers a quotation to a client and the customers directory to staff', async () => {
    const { loader } = await import('./_portal.pages.pricing');
    const next = async (who: PortalAccount) =>
      (await loader(args(pageRequest('/pages/pricing', { cookie: cookies[who] })))).next?.path;
    expect(await next('client')).toBe('/apps/request-for-quotation');
    expect(await next('agent')).toBe('/apps/customers');
    expect(await next('admin')).toBe('/apps/customers');
  });
});

describe('/pages/treeview', () => {
  it('reads the expand mode from the URL and links only what the user may open', async () => {
    const { loader } = await import('./_portal.pages.treeview');
    const client = await loader(args(pageRequest('/pages/treeview?expand=all', { cookie: cookies.client })));
    expect(client.expand).toBe('all');
    expect(client.openable).toContain('/apps/request-for-shipping');
    expect(client.openable).not.toContain('/apps/shipping/drivers');
    expect(client.openable).toContain(PRIVACY_PATH);
    expect(client.openable).toContain(ACCESSIBILITY_PATH);
    const admin = await loader(args(pageRequest('/pages/treeview', { cookie: cookies.admin })));
    expect(admin.expand).toBe('none');
    expect(admin.openable).toContain('/apps/shipping/container');
    expect(admin.openable).not.toContain('/apps/request-for-shipping');
  });
});

describe('the legal pages', () => {
  it('open to anyone, and know who is signed in (for the way back)', async () => {
    const terms = await import('./pages.terms-of-service');
    const anonymous = await terms.loader(args(pageRequest(TERMS_PATH)));
    expect(anonymous.title).toBe('Terms of Service · Harbour Freight');
    expect(anonymous.signedIn).toBe(false);
    const client = await terms.loader(args(pageRequest(TERMS_PATH, { cookie: cookies.client })));
    expect(client.signedIn).toBe(true);
  });

  it('answer in the language the browser asks for', async () => {
    const privacy = await import('./pages.privacy-policy');
    const arabic = await privacy.loader(args(pageRequest(PRIVACY_PATH, { language: 'ar' })));
    expect(arabic.title).toBe('\u2068سياسة الخصوصية\u2069 · \u2068Harbour Freight\u2069');
  });

  it('list the cookies the portal really sets, with their lifetimes', async () => {
    const privacy = await import('./pages.privacy-policy');
    const { cookies: listed } = await privacy.loader(args(pageRequest(PRIVACY_PATH)));
    expect(listed).toEqual([
      { name: '__session', purpose: 'session', hours: 12 },
      { name: 'lng', purpose: 'language', hours: 365 * 24 },
      { name: 'appearance', purpose: 'appearance', hours: 365 * 24 },
    ]);
    // Signing in sets the session cookie under the name the policy gives.
    const { loginAction } = await import('~/services/auth-actions.server');
    const response = (await loginAction(
      args(formRequest('/auth/login', { email: 'client@example.com', password: 'demo1234' })),
    )) as Response;
    const names = response.headers.getSetCookie().map((cookie) => cookie.split('=')[0]);
    expect(names).toContain(SESSION_COOKIE);
    // Choosing a language sets the two others (the language, and the appearance that follows it).
    const { action } = await import('./preferences');
    const chosen = (await action(
      args(formRequest('/preferences', { intent: 'language', lng: 'fr', redirectTo: '/' })),
    )) as Response;
    const set = chosen.headers.getSetCookie().map((cookie) => cookie.split('=')[0]);
    expect(set).toEqual(expect.arrayContaining(['lng', 'appearance']));
  });
});

describe('the accessibility statement', () => {
  it('opens to anyone, in the language the browser asks for, with where to report a problem', async () => {
    const statement = await import('./pages.accessibility');
    const anonymous = await statement.loader(args(pageRequest(ACCESSIBILITY_PATH)));
    expect(anonymous).toEqual({
      title: 'Accessibility statement · Harbour Freight',
      signedIn: false,
      updated: ACCESSIBILITY_UPDATED,
      values: { email: SUPPORT_EMAIL },
    });
    const client = await statement.loader(args(pageRequest(ACCESSIBILITY_PATH, { cookie: cookies.client })));
    expect(client.signedIn).toBe(true);
    const arabic = await statement.loader(args(pageRequest(ACCESSIBILITY_PATH, { language: 'ar' })));
    expect(arabic.title).toBe('\u2068بيان إمكانية الوصول\u2069 · \u2068Harbour Freight\u2069');
  });
});
