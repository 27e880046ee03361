// Shared set-up for loader and action tests: a reference back office in a temp dir, the portal's settings
// pointed at it, and helpers to build requests as a browser would send them.
import type { BackofficeOptions } from '../../backoffice/server';
import { startTestBackoffice, type TestBackoffice } from '../../backoffice/testing';

export const PORTAL = 'http://127.0.0.1:3000';

export async function startPortalBackoffice(
  options: Partial<BackofficeOptions> = {},
): Promise<TestBackoffice> {
  const reference = await startTestBackoffice(options);
  process.env.BACKOFFICE_URL = reference.backoffice.url;
  process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-signing-cookies';
  process.env.DATA_DIR = reference.dataDir;
  return reference;
}

export function formRequest(
  path: string,
  fields: Record<string, string>,
  init: { cookie?: string; origin?: string } = {},
) {
  const url = new URL(path, init.origin ?? PORTAL);
  return new Request(url, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(init.cookie ? { Cookie: init.cookie } : {}),
    },
  });
}

export function pageRequest(path: string, init: { cookie?: string; language?: string } = {}) {
  return new Request(new URL(path, PORTAL), {
    headers: {
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...(init.language ? { 'Accept-Language': init.language } : {}),
    },
  });
}

/** The cookies a response sets, as a Cookie header for the next request. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

export const args = (request: Request) => ({ request, params: {}, context: { cspNonce: 'test' } });

/** What a loader or action threw (a redirect or an error response). */
export async function thrown(work: () => Promise<unknown>): Promise<Response> {
  try {
    await work();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected a thrown response');
}

/**
 * A request the client filed and the agent approved, straight through the back office (for tests of
 * what staff do with an approved request). Returns its id.
 */
export async function approvedRequest(
  reference: TestBackoffice,
  service: 'shipping' | 'trade_finance',
): Promise<number> {
  const client = await reference.login('client@example.com');
  const agent = await reference.login('agent@example.com');
  const me = (await reference.call('login', { body: { email: 'client@example.com', password: 'demo1234' } }))
    .body as { partner_id: number };
  const created = await reference.call('createShippingRequest', {
    session: client,
    body: {
      partner_id: me.partner_id,
      email_from: 'client@example.com',
      name: service === 'shipping' ? 'electronics and accessories' : 'Trade Finance',
      description:
        'Category: electronics and accessories\nContainer type: Groupage\nOrigin: China\nCBMs required: 14.5\n\nTest request.',
      expected_revenue: 48000,
      attachments: [],
      service,
    },
  });
  const { id } = created.body as { id: number };
  const reviewed = await reference.call('reviewShippingRequest', {
    session: agent,
    params: { id },
    body: { status: 'approved' },
  });
  if (reviewed.status !== 200) throw new Error(`approving request ${id}: ${reviewed.status}`);
  return id;
}

export type PortalAccount = 'client' | 'client2' | 'agent' | 'admin';

/** Signs the four demo accounts in to the portal: each one's cookie header and customer partner id. */
export async function signInPortalAccounts(reference: TestBackoffice): Promise<{
  cookies: Record<PortalAccount, string>;
  partners: Record<PortalAccount, number>;
}> {
  const { loginAction } = await import('../../app/services/auth-actions.server');
  const cookies = {} as Record<PortalAccount, string>;
  const partners = {} as Record<PortalAccount, number>;
  for (const who of ['client', 'client2', 'agent', 'admin'] as const) {
    const response = (await loginAction(
      args(formRequest('/auth/login', { email: `${who}@example.com`, password: 'demo1234' })),
    )) as Response;
    cookies[who] = cookiesFrom(response);
    const row = await reference.backoffice.database
      .selectFrom('users')
      .select('partner_id')
      .where('email', '=', `${who}@example.com`)
      .executeTakeFirstOrThrow();
    partners[who] = row.partner_id;
  }
  return { cookies, partners };
}

/** Loader or action arguments with route parameters. */
export const withParams = (request: Request, params: Record<string, string>) => ({
  ...args(request),
  params,
});

/** Forgets every user's demo-module data (the back office keeps it): each test starts from the samples. */
export async function forgetDemoData(reference: TestBackoffice): Promise<void> {
  await reference.backoffice.database.deleteFrom('demo_states').execute();
}
