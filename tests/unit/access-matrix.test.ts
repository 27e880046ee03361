// The access matrix: every route module in app/routes × every kind of visitor × GET (loader) and POST
// (action, url-encoded and multipart, with an empty form). Screens of the portal frame get their expected
// answers from the access table (rolesFor); the routes outside the frame are listed in OUTSIDE_THE_FRAME
// below. A route file in neither place fails the test, so a new route cannot land without its rule.
//
// Path parameters are filled with real records of client A (client@example.com) from the reference back
// office; client B (client2@example.com) asking for them must get 404, never the record and never a 403
// that tells "it exists". Empty forms must fail validation: no table of the back office may change.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tables } from '../../backoffice/data/schema';
import type { TestBackoffice } from '../../backoffice/testing';
import { demoPdf } from '../../backoffice/pdf';
import { rolesFor, STAFF } from '../../app/services/access';
import type { RoleName } from '@contract';
import {
  args,
  cookiesFrom,
  formRequest,
  PORTAL,
  type PortalAccount,
  pageRequest,
  signInPortalAccounts,
  startPortalBackoffice,
} from './portal-server';

// --- The routes ----------------------------------------------------------------------------------------

const ROUTES_DIR = path.join(import.meta.dirname, '..', '..', 'app', 'routes');

/** The URL path a flat-routes file answers (as in app/services/access.test.ts; a lone "$" is the splat). */
function routePath(file: string): string {
  const name = file.replace(/\.(tsx|ts)$/, '');
  // "[.]" is a literal dot ("export[.]csv" → "export.csv"), not a segment separator.
  const segments = name
    .replace(/\[\.\]/g, '~')
    .split('.')
    .filter((segment) => !segment.startsWith('_'))
    .map((segment) => segment.replace(/~/g, '.'))
    // A trailing "_" only opts the route out of its parent's layout ("$loanNumber_").
    .map((segment) => segment.replace(/(.)_$/, '$1'))
    .map((segment) => (segment === '$' ? '*' : segment.startsWith('$') ? `:${segment.slice(1)}` : segment));
  return `/${segments.join('/')}`;
}

const routeFiles = readdirSync(ROUTES_DIR)
  .filter((file) => /\.(tsx|ts)$/.test(file) && !/\.(test|server)\.tsx?$/.test(file))
  .sort();
const isFramed = (file: string) => file.startsWith('_portal.') && file !== '_portal.tsx';

interface RouteModule {
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
}

// --- Who asks ------------------------------------------------------------------------------------------

const VISITORS = ['anonymous', 'client', 'client2', 'agent', 'admin'] as const;
type Visitor = (typeof VISITORS)[number];
const ACCOUNTS = VISITORS.filter((who): who is PortalAccount => who !== 'anonymous');

const EMAIL: Record<PortalAccount, string> = {
  client: 'client@example.com',
  client2: 'client2@example.com',
  agent: 'agent@example.com',
  admin: 'admin@example.com',
};

// --- Answers -------------------------------------------------------------------------------------------

/** What a loader or action answered, however it answered (returned, thrown, `data()` or a plain object). */
interface Outcome {
  status: number;
  location: string | null;
  error?: string;
}

async function outcome(work: () => unknown): Promise<Outcome> {
  let value: unknown;
  try {
    value = await work();
  } catch (error) {
    if (!(error instanceof Response)) {
      // What Remix would answer for an error that is not a response.
      return { status: 500, location: null, error: error instanceof Error ? error.message : String(error) };
    }
    value = error;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get('Location') };
  // `data(value, { status })`: a DataWithResponseInit.
  if (typeof value === 'object' && value !== null && 'init' in value && 'type' in value) {
    if (value.type === 'DataWithResponseInit') {
      return { status: (value.init as ResponseInit | null)?.status ?? 200, location: null };
    }
  }
  return { status: 200, location: null };
}

const show = (answer: Outcome) =>
  `${answer.status}${answer.location ? ` → ${answer.location}` : ''}${answer.error ? ` (${answer.error})` : ''}`;

const signInRedirect = (url: string) => `/auth/login?${new URLSearchParams({ redirectTo: url })}`;
const isSignInRedirect = (answer: Outcome) =>
  answer.status >= 300 && answer.status < 400 && (answer.location ?? '').startsWith('/auth/login');

type Want =
  /** Exactly this status (and redirect target, when given). */
  | { status: number; location?: string }
  /** An empty form from someone allowed: refused as invalid (or sent elsewhere), never as forbidden. */
  | 'invalid form';

let checks = 0;

function check(answer: Outcome, want: Want, label: string) {
  checks += 1;
  if (want === 'invalid form') {
    const ok =
      answer.status < 500 &&
      answer.status !== 401 &&
      answer.status !== 403 &&
      !isSignInRedirect(answer) &&
      (answer.status >= 400 || (answer.status >= 300 && answer.location !== null));
    expect(ok, `${label}: expected a refused form (4xx, not 401/403), got ${show(answer)}`).toBe(true);
    return;
  }
  expect(show(answer), label).toBe(show({ status: want.status, location: want.location ?? null }));
}

// --- Requests ------------------------------------------------------------------------------------------

type Method = 'GET' | 'POST' | 'POST multipart';

function request(
  method: Method,
  url: string,
  cookie: string | undefined,
  fields: Record<string, string> = {},
) {
  if (method === 'GET') return pageRequest(url, { cookie });
  if (method === 'POST') return formRequest(url, fields, { cookie });
  // An empty multipart form, as a browser sends an upload form with nothing chosen.
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return new Request(new URL(url, PORTAL), {
    method: 'POST',
    body,
    headers: cookie ? { Cookie: cookie } : {},
  });
}

// --- The reference back office -------------------------------------------------------------------------

let reference: TestBackoffice;
let cookies: Record<PortalAccount, string>;
let partners: Record<PortalAccount, number>;
let roles: Record<PortalAccount, RoleName[]>;

/** The reference data's database, on either engine. */
const database = () => reference.backoffice.database;

/** Tables the back office may write while only reading (sign-ins, throttling). */
// The mail queue is sent in the background (ADR 058): what a request queues shows in `notifications`.
const BOOKKEEPING = new Set(['sessions', 'login_throttle', 'mail_queue']);

/** A fingerprint of every business table, to show that refused requests changed nothing. */
async function fingerprint(): Promise<Record<string, string>> {
  // The migrations' own tables are left out.
  const tables = await database().introspection.getTables();
  const prints: Record<string, string> = {};
  for (const { name } of tables) {
    if (BOOKKEEPING.has(name)) continue;
    const all = await database()
      .selectFrom(name as keyof Tables)
      .selectAll()
      .execute();
    const rows = all.map((row) => JSON.stringify(row));
    prints[name] = createHash('sha256').update(rows.sort().join('\n')).digest('hex');
  }
  return prints;
}

async function changedTables(before: Record<string, string>): Promise<string[]> {
  const after = await fingerprint();
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}

/**
 * The records the screens with parameters are asked for, by screen path. `owner: 'client'` marks a record
 * of client A's: client B must get 404 for it wherever clients may open the screen.
 */
interface Fixture {
  params: Record<string, string>;
  owner?: 'client';
}
let RECORDS: Record<string, Fixture>;

/** Client A's share-link checks need a document that is not of the loan asked for. */
let otherLoanDocument: number;
/** A tracking event of another order than the one the order page checks are made on. */
let otherOrderEvent: number;
/** Accounts without a picture of their own: /pages/account-image answers them 404. */
let withoutPicture: Set<PortalAccount>;
/** The quote sent to client A, and client A's notification of it (a mail's link opens the quote). */
let sentQuote: number;

beforeAll(async () => {
  reference = await startPortalBackoffice();
  ({ cookies, partners } = await signInPortalAccounts(reference));
  roles = {} as Record<PortalAccount, RoleName[]>;
  for (const who of ACCOUNTS) {
    const rows = await database()
      .selectFrom('user_roles as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select('r.role')
      .where('u.email', '=', EMAIL[who])
      .execute();
    roles[who] = rows.map((row) => row.role as RoleName);
  }
  // The fixtures assume what the demo accounts are.
  expect(roles).toEqual({
    client: ['client'],
    client2: ['client'],
    agent: ['warehouse_agent'],
    admin: ['admin'],
  });
  expect(partners.client).not.toBe(partners.client2);

  const client = partners.client;
  const db = database();
  const order = await db
    .selectFrom('order_documents as d')
    .innerJoin('shipping_orders as o', 'o.id', 'd.shipping_order_id')
    .select(['d.shipping_order_id as orderId', 'd.id as documentId'])
    .where('o.partner_id', '=', client)
    .orderBy('d.id')
    .executeTakeFirstOrThrow();
  const loan = await db
    .selectFrom('loan_documents as d')
    .innerJoin('loans as l', 'l.id', 'd.loan_id')
    .select(['l.id as loanId', 'l.name', 'd.id as documentId'])
    .where('l.partner_id', '=', client)
    .orderBy('d.id')
    .executeTakeFirstOrThrow();
  otherLoanDocument = (
    await db
      .selectFrom('loan_documents')
      .select('id')
      .where('loan_id', '<>', loan.loanId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  otherOrderEvent = (
    await db
      .selectFrom('shipment_tracking')
      .select('id')
      .where('shipping_order_id', '<>', order.orderId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const attachment = await db
    .selectFrom('request_attachments as a')
    .innerJoin('shipping_requests as r', 'r.id', 'a.request_id')
    .select(['a.request_id as requestId', 'a.id as attachmentId'])
    .where('r.partner_id', '=', client)
    .orderBy('a.id')
    .executeTakeFirstOrThrow();
  const requestOf = async (service: string) =>
    (
      await db
        .selectFrom('shipping_requests')
        .select('id')
        .where('partner_id', '=', client)
        .where('service', '=', service)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  const invoice = (
    await db
      .selectFrom('invoices')
      .select('id')
      .where('partner_id', '=', client)
      .where('state', '<>', 'draft')
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const driver = (await db.selectFrom('drivers').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const supplier = (await db.selectFrom('suppliers').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const container = (await db.selectFrom('containers').select('id').orderBy('id').executeTakeFirstOrThrow())
    .id;

  // A quote sent to client A (the demo data has none): staff prepare and send it through the back office.
  const staffSession = await reference.login('agent@example.com');
  const quotation = await requestOf('quotation');
  const drafted = await reference.call('createQuote', {
    params: { id: quotation },
    body: {
      currency: 'USD',
      valid_until: '2099-12-31',
      category: 'toys_games',
      container_type: 'groupage',
      cbm: 14,
      origin: 'china',
      lines: [{ kind: 'freight', description: 'Ocean freight', quantity: 14, unit: 'cbm', unit_price: 85 }],
    },
    session: staffSession,
  });
  const quote = (drafted.body as { id: number }).id;
  expect((await reference.call('sendQuote', { params: { id: quote }, session: staffSession })).status).toBe(
    200,
  );
  sentQuote = quote;
  // A file on a message of client A's on its order.
  const clientSession = await reference.login('client@example.com');
  const withFile = await reference.call('postMessage', {
    params: { record_type: 'order', id: order.orderId },
    body: {
      body: 'The packing list',
      attachments: [{ filename: 'packing.pdf', data: demoPdf(['Packing list']).toString('base64') }],
    },
    session: clientSession,
  });
  const messageFile = (withFile.body as { attachments: { id: number }[] }).attachments[0]!.id;
  // Read by staff already, so that opening the order's page changes no read mark.
  for (const session of [staffSession, await reference.login('admin@example.com')]) {
    await reference.call('listMessages', { params: { record_type: 'order', id: order.orderId }, session });
  }
  const quoteNotification = (
    await db
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select('n.id')
      .where('u.email', '=', EMAIL.client)
      .where('n.kind', '=', 'quote_sent')
      .executeTakeFirstOrThrow()
  ).id;

  // A rate (administrators keep them).
  const adminSession = await reference.login('admin@example.com');
  const rated = await reference.call('createRate', {
    body: {
      origin: 'china',
      destination: 'jebel_ali',
      container_type: 'groupage',
      price: 85,
      currency: 'USD',
      valid_from: '2020-01-01',
      valid_to: '2099-12-31',
    },
    session: adminSession,
  });
  const rateId = (rated.body as { id: number }).id;

  const mine = (params: Record<string, string | number>): Fixture => ({
    params: Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])),
    owner: 'client',
  });
  RECORDS = {
    '/apps/shipping-details/:id': mine({ id: order.orderId }),
    '/apps/shipping-details/:id/edit': mine({ id: order.orderId }),
    '/apps/shipping-details/:id/documents/:documentId': mine({
      id: order.orderId,
      documentId: order.documentId,
    }),
    '/apps/shipping/clearance-receipt/:id': mine({ id: order.orderId }),
    '/apps/shipping/clearance-receipt/:id/download': mine({ id: order.orderId }),
    '/apps/loan/loan-details/:loanNumber': mine({ loanNumber: loan.name }),
    '/apps/loan/loan-details/:loanNumber/summary': mine({ loanNumber: loan.name }),
    '/apps/loan/loan-details/:loanNumber/summary/download': mine({ loanNumber: loan.name }),
    '/apps/invoice/:id': mine({ id: invoice }),
    '/apps/invoice/:id/download': mine({ id: invoice }),
    '/apps/loan/loan-details/:loanNumber/documents/:documentId': mine({
      loanNumber: loan.name,
      documentId: loan.documentId,
    }),
    '/apps/requests/:id': mine({ id: attachment.requestId }),
    '/apps/requests/:id/edit': mine({ id: attachment.requestId }),
    '/apps/requests/:id/attachments/:attachmentId': mine({
      id: attachment.requestId,
      attachmentId: attachment.attachmentId,
    }),
    '/apps/shipping/new-order/:requestId': mine({ requestId: await requestOf('shipping') }),
    '/apps/loans/new-loan/:requestId': mine({ requestId: await requestOf('trade_finance') }),
    '/apps/customers/:id': mine({ id: client }),
    '/apps/customers/:id/edit': mine({ id: client }),
    '/apps/customers/:id/two-step': mine({ id: client }),
    '/apps/quotes/:id': mine({ id: quote }),
    '/apps/notifications/:id': mine({ id: quoteNotification }),
    '/apps/conversations/:recordType/:id/files/:fileId': mine({
      recordType: 'order',
      id: order.orderId,
      fileId: messageFile,
    }),
    '/apps/quotes/:id/download': mine({ id: quote }),
    '/apps/quotes/new/:requestId': mine({ requestId: quotation }),
    '/apps/rates/:id': { params: { id: String(rateId) } },
    '/apps/shipping/drivers/:id': { params: { id: String(driver) } },
    '/apps/suppliers/:id': { params: { id: String(supplier) } },
    '/apps/shipping/container/:id': { params: { id: String(container) } },
    '/apps/shipping/container/:id/edit': { params: { id: String(container) } },
    // Demo shop: the sample products, the same for everyone.
    '/apps/ecommerce/detail/:id': { params: { id: '1' } },
    // Demo data: every user has the same sample posts, found by the slug of the title.
    '/apps/blog/detail/:id': { params: { id: 'incoterms-explained-for-first-time-importers' } },
  };

  const pictures = await db
    .selectFrom('users')
    .select(['email', 'picture'])
    .where(
      'email',
      'in',
      ACCOUNTS.map((who) => EMAIL[who]),
    )
    .execute();
  withoutPicture = new Set(
    ACCOUNTS.filter((who) => pictures.find((user) => user.email === EMAIL[who])?.picture === null),
  );
});
afterAll(() => reference?.dispose());

/** A fresh portal session (for sign-out, which ends the session it is given). */
async function freshCookie(who: PortalAccount): Promise<string> {
  const { loginAction } = await import('../../app/services/auth-actions.server');
  const response = (await loginAction(
    args(formRequest('/auth/login', { email: EMAIL[who], password: 'demo1234' })),
  )) as Response;
  return cookiesFrom(response);
}

// --- Screens of the portal frame: expected answers from the access table --------------------------------

/**
 * Actions narrower than their screen: who may post an empty form there, and why. Everyone else the screen
 * admits gets 403 for it.
 */
const ACTION_ROLES: Record<string, { roles: readonly RoleName[]; why: string }> = {
  '/apps/shipping': {
    roles: STAFF,
    why: 'clients read their orders; only staff act on several orders at once',
  },
  '/apps/shipping-details/:id': {
    roles: STAFF,
    why: 'clients read the order; only staff add or correct tracking events',
  },
  '/apps/loan/loan-details/:loanNumber': {
    roles: STAFF,
    why: 'a form without intent is a loan decision, for staff only (sharing a document: checked below)',
  },
  '/apps/requests/:id': {
    roles: STAFF,
    why: 'a customer reads the request; only staff approve or reject it',
  },
};

/** Sharing client A's document: anonymous visitors sign in first, client B gets 404. */
async function shareRefusals(url: string, params: Record<string, string>, mod: RouteModule) {
  const share = (who: Visitor) =>
    outcome(() =>
      mod.action!({
        ...args(request('POST', url, who === 'anonymous' ? undefined : cookies[who], { intent: 'share' })),
        params,
      }),
    );
  check(await share('anonymous'), { status: 302, location: signInRedirect(url) }, `anonymous share ${url}`);
  check(await share('client2'), { status: 404 }, `client2 sharing client A's document ${url}`);
}

/** Checks beyond the matrix for screens whose action has intents with their own rules. */
const INTENTS: Record<
  string,
  (url: string, params: Record<string, string>, mod: RouteModule) => Promise<void>
> = {
  // Whoever may see a loan may share its documents; the back office decides who sees what.
  '/apps/loan/loan-details/:loanNumber': async (url, params, mod) => {
    const ownDocument =
      RECORDS['/apps/loan/loan-details/:loanNumber/documents/:documentId']!.params.documentId!;
    const share = async (who: Visitor, documentId: string | number) =>
      outcome(() =>
        mod.action!({
          ...args(
            request('POST', url, who === 'anonymous' ? undefined : cookies[who], {
              intent: 'share',
              documentId: String(documentId),
            }),
          ),
          params,
        }),
      );
    check(
      await share('anonymous', ownDocument),
      { status: 302, location: signInRedirect(url) },
      'anonymous share',
    );
    check(await share('client2', ownDocument), { status: 404 }, "client2 sharing client A's loan document");
    check(
      await share('client', otherLoanDocument),
      { status: 404 },
      'client sharing, under its own loan, a document of another loan',
    );
  },
  // Only the quote's customer decides on it (another customer: 404; staff: 403); only staff edit it.
  '/apps/quotes/:id': async (url, params, mod) => {
    const post = (who: PortalAccount, form: Record<string, string>) =>
      outcome(() => mod.action!({ ...args(request('POST', url, cookies[who], form)), params }));
    const before = await fingerprint();
    check(await post('client2', { intent: 'accept' }), { status: 404 }, "client2 accepting client A's quote");
    check(
      await post('client2', { intent: 'decline', reason: 'Not mine.' }),
      { status: 404 },
      "client2 declining client A's quote",
    );
    check(await post('agent', { intent: 'accept' }), { status: 403 }, 'staff accepting for the customer');
    check(await post('client', { intent: 'send' }), { status: 403 }, 'a customer sending the quote');
    expect(await changedTables(before)).toEqual([]);
  },
  // Staff withdraw an order's own events only (another order's event: 404); customers none (403).
  '/apps/shipping-details/:id': async (url, params, mod) => {
    const post = (who: PortalAccount, form: Record<string, string>) =>
      outcome(() => mod.action!({ ...args(request('POST', url, cookies[who], form)), params }));
    const before = await fingerprint();
    const foreign = { intent: 'withdraw', eventId: String(otherOrderEvent) };
    check(
      await post('agent', foreign),
      { status: 404 },
      "withdrawing another order's event under this order",
    );
    check(await post('client', foreign), { status: 403 }, 'a customer withdrawing a tracking event');
    expect(await changedTables(before)).toEqual([]);
  },
  // Only the request's customer withdraws it (another customer: 404; staff: 403); nothing changes.
  '/apps/requests/:id': async (url, params, mod) => {
    const post = (who: PortalAccount, form: Record<string, string>) =>
      outcome(() => mod.action!({ ...args(request('POST', url, cookies[who], form)), params }));
    const before = await fingerprint();
    const withdraw = { intent: 'withdraw', confirm: '1' };
    check(await post('client2', withdraw), { status: 404 }, "client2 withdrawing client A's request");
    check(await post('agent', withdraw), { status: 403 }, 'staff withdrawing for the customer');
    check(await post('admin', withdraw), { status: 403 }, 'an admin withdrawing for the customer');
    const reopen = { intent: 'reopen', note: 'Please look again.', confirm: '1' };
    check(await post('client', reopen), { status: 403 }, 'a customer reopening its own request');
    check(await post('client2', reopen), { status: 403 }, "client2 reopening client A's request");
    expect(await changedTables(before)).toEqual([]);
  },
  // Whoever may see a document may share it; another client gets 404 (refusals only: no share is made).
  '/apps/invoice/:id': shareRefusals,
  '/apps/shipping/clearance-receipt/:id': shareRefusals,
  '/apps/loan/loan-details/:loanNumber/summary': shareRefusals,
};

/** What an allowed GET answers when it is not 200. */
function allowedGet(screen: string, who: PortalAccount): Want {
  // A notification opens its record for its own person; it is nobody else's (staff included): 404.
  if (screen === '/apps/notifications/:id') {
    return who === 'client' ? { status: 302, location: `/apps/quotes/${sentQuote}` } : { status: 404 };
  }
  // An account without a picture (the demo accounts have none) gets 404 for its own picture.
  if (screen === '/pages/account-image' && withoutPicture.has(who)) return { status: 404 };
  // Staff name the customer of a statement; without one the download goes back to the statement page.
  if (screen === '/apps/statement/download' && roles[who].some((role) => STAFF.includes(role))) {
    return { status: 303, location: '/apps/statement' };
  }
  return { status: 200 };
}

/** Query strings a screen is asked with: downloads name their format (a real render, as PNG). */
const QUERIES: Record<string, string> = {
  '/apps/invoice/:id/download': '?format=png',
  '/apps/quotes/:id/download': '?format=png',
  '/apps/statement/download': '?format=png',
  '/apps/shipping/clearance-receipt/:id/download': '?format=png',
  '/apps/loan/loan-details/:loanNumber/summary/download': '?format=png',
};

function fill(screen: string, params: Record<string, string>): string {
  return screen.replace(/:([a-zA-Z]+)/g, (_, name: string) => encodeURIComponent(params[name]!));
}

function paramsOf(screen: string): Fixture {
  const names = [...screen.matchAll(/:([a-zA-Z]+)/g)].map((match) => match[1]!);
  if (names.length === 0) return { params: {} };
  const record = RECORDS[screen];
  if (!record) {
    throw new Error(
      `${screen} takes ${names.map((n) => `:${n}`).join(', ')}: add the record to ask for to RECORDS in tests/unit/access-matrix.test.ts`,
    );
  }
  expect(Object.keys(record.params).sort(), `RECORDS of ${screen}`).toEqual([...names].sort());
  return record;
}

async function framedScreen(file: string) {
  const screen = routePath(file);
  const allowed = rolesFor(screen);
  const mod = (await import(/* @vite-ignore */ `../../app/routes/${file}`)) as RouteModule;
  const { params, owner } = paramsOf(screen);
  const url = fill(screen, params) + (QUERIES[screen] ?? '');
  const admits = (who: PortalAccount, wanted: readonly RoleName[]) =>
    roles[who].some((role) => wanted.includes(role));
  // Client B asks for client A's record: "not found", not "forbidden" (which would tell it exists).
  const scoped = (who: PortalAccount) =>
    owner === 'client' && who !== 'client' && roles[who].includes('client');

  const narrower = ACTION_ROLES[screen];
  const run = async (method: Method, who: Visitor, want: Want) => {
    const handler = method === 'GET' ? mod.loader! : mod.action!;
    const answer = await outcome(() =>
      handler({ ...args(request(method, url, who === 'anonymous' ? undefined : cookies[who])), params }),
    );
    const why =
      method !== 'GET' && narrower ? ` (posting is for ${narrower.roles.join(', ')}: ${narrower.why})` : '';
    check(answer, want, `${who} ${method} ${url}${why}`);
  };

  expect(mod.loader, `${file} has no loader`).toBeTypeOf('function');
  for (const who of VISITORS) {
    if (who === 'anonymous') await run('GET', who, { status: 302, location: signInRedirect(url) });
    else if (!admits(who, allowed)) await run('GET', who, { status: 403 });
    else if (scoped(who)) await run('GET', who, { status: 404 });
    else await run('GET', who, allowedGet(screen, who));
  }

  if (mod.action) {
    const posting = narrower?.roles ?? allowed;
    for (const role of posting) expect(allowed, `ACTION_ROLES of ${screen}`).toContain(role);
    for (const method of ['POST', 'POST multipart'] as const) {
      for (const who of VISITORS) {
        if (who === 'anonymous') await run(method, who, { status: 302, location: signInRedirect(url) });
        else if (!admits(who, posting)) await run(method, who, { status: 403 });
        else await run(method, who, 'invalid form');
      }
    }
  } else {
    expect(narrower, `ACTION_ROLES names ${screen}, which has no action`).toBeUndefined();
  }
  await INTENTS[screen]?.(url, params, mod);
}

// --- Routes outside the frame: explicit expectations ---------------------------------------------------

type PerVisitor = Want | Record<Visitor, Want>;

interface Outside {
  /** The URL asked for (the route's path with its parameters filled). */
  url: string;
  params?: Record<string, string>;
  get: PerVisitor;
  /** Required when the module has an action (an empty form). */
  post?: PerVisitor;
  /** Signed-in visitors post with a session of their own, made for this check (sign-out ends it). */
  freshSession?: boolean;
}

const SIGNED_IN_HOME = { status: 302, location: '/dashboards/modern' };
/** Sign-in and registration pages: anonymous visitors see them, signed-in users go home. */
const FOR_ANONYMOUS: Record<Visitor, Want> = {
  anonymous: { status: 200 },
  client: SIGNED_IN_HOME,
  client2: SIGNED_IN_HOME,
  agent: SIGNED_IN_HOME,
  admin: SIGNED_IN_HOME,
};
const INVALID = { status: 400 };
const ALL_SIGNED_IN_HOME: Record<PortalAccount, Want> = {
  client: SIGNED_IN_HOME,
  client2: SIGNED_IN_HOME,
  agent: SIGNED_IN_HOME,
  admin: SIGNED_IN_HOME,
};

const OUTSIDE_THE_FRAME: Record<string, Outside> = {
  // Any unknown address goes to the not-found page, whoever asks and however.
  '$.tsx': {
    url: '/no/such/page',
    params: { '*': 'no/such/page' },
    get: { status: 302, location: '/auth/404' },
    post: { status: 302, location: '/auth/404' },
  },
  '_index.tsx': { url: '/', get: { status: 302, location: '/auth/login' } },
  // The frame itself: any signed-in user, whatever the role (each screen checks its own roles).
  '_portal.tsx': {
    url: '/dashboards/modern',
    get: {
      anonymous: { status: 302, location: signInRedirect('/dashboards/modern') },
      client: { status: 200 },
      client2: { status: 200 },
      agent: { status: 200 },
      admin: { status: 200 },
    },
  },
  'auth.404.tsx': { url: '/auth/404', get: { status: 404 } },
  'auth.forgot-password.tsx': { url: '/auth/forgot-password', get: { status: 200 }, post: INVALID },
  'auth.forgot-password2.tsx': { url: '/auth/forgot-password2', get: { status: 200 }, post: INVALID },
  'auth.login.tsx': { url: '/auth/login', get: FOR_ANONYMOUS, post: INVALID },
  'auth.login2.tsx': { url: '/auth/login2', get: FOR_ANONYMOUS, post: INVALID },
  // Only a POST signs out; it ends the session it is given (checked below).
  'auth.logout.tsx': {
    url: '/auth/logout',
    get: SIGNED_IN_HOME,
    post: { status: 302, location: '/auth/login' },
    freshSession: true,
  },
  'auth.register.tsx': { url: '/auth/register', get: FOR_ANONYMOUS, post: INVALID },
  // The second sign-in step needs a pending sign-in (a right password first); without one, back to
  // sign-in; signed-in users go home.
  'auth.two-steps.tsx': {
    url: '/auth/two-steps',
    get: { ...ALL_SIGNED_IN_HOME, anonymous: { status: 302, location: '/auth/login' } },
    post: { status: 302, location: '/auth/login?twoSteps=expired' },
  },
  'auth.two-steps2.tsx': {
    url: '/auth/two-steps2',
    get: { ...ALL_SIGNED_IN_HOME, anonymous: { status: 302, location: '/auth/login2' } },
    post: { status: 302, location: '/auth/login2?twoSteps=expired' },
  },
  'auth.register2.tsx': { url: '/auth/register2', get: FOR_ANONYMOUS, post: INVALID },
  'auth.reset-password.tsx': { url: '/auth/reset-password', get: { status: 200 }, post: INVALID },
  'healthz.ts': { url: '/healthz', get: { status: 200 } },
  'readyz.ts': { url: '/readyz', get: { status: 200 } },
  // The theme's stylesheet: public; settings the portal does not have answer 404.
  'theme[.]css.ts': { url: '/theme.css?palette=BLUE_THEME&radius=7&dir=ltr', get: { status: 200 } },
  // Preferences are cookies; an invalid change goes back without changing anything.
  'preferences.tsx': {
    url: '/preferences',
    get: { status: 302, location: '/' },
    post: { status: 302, location: '/' },
  },
  // The legal pages and the accessibility statement: public, whoever asks (signed in or not).
  'pages.accessibility.tsx': { url: '/pages/accessibility', get: { status: 200 } },
  'pages.privacy-policy.tsx': { url: '/pages/privacy-policy', get: { status: 200 } },
  'pages.terms-of-service.tsx': { url: '/pages/terms-of-service', get: { status: 200 } },
  // A bad share link: one refusal, whoever asks.
  'invoice.tsx': { url: '/invoice?share=not-a-link', get: { status: 404 } },
  'invoice.download.ts': { url: '/invoice/download?share=not-a-link&format=pdf', get: { status: 404 } },
  'shared.$token.tsx': { url: '/shared/not-a-token', params: { token: 'not-a-token' }, get: { status: 404 } },
  // An unsubscribe link the back office did not sign: one refusal, whoever asks, and nothing changes.
  'unsubscribe.$token.tsx': {
    url: '/unsubscribe/not-a-token',
    params: { token: 'not-a-token' },
    get: { status: 404 },
    post: { status: 404 },
  },
  'shared.$token.file.ts': {
    url: '/shared/not-a-token/file',
    params: { token: 'not-a-token' },
    get: { status: 404 },
  },
  // The demo modules' data calls (spec section 7; app/services/demo/api.server.ts): any signed-in user; a
  // call without a session gets 401, never the sign-in page. The lists are GET only (POST: 405); the
  // other calls are POST only (GET: 405) and refuse an empty form (400).
  ...Object.fromEntries(
    (
      [
        ['api.data.blog.BlogPosts.ts', '/api/data/blog/BlogPosts'],
        ['api.data.contacts.ContactsData.ts', '/api/data/contacts/ContactsData'],
        ['api.data.chat.ChatData.ts', '/api/data/chat/ChatData'],
        ['api.data.notes.NotesData.ts', '/api/data/notes/NotesData'],
        ['api.data.ticket.TicketData.ts', '/api/data/ticket/TicketData'],
        ['api.data.eCommerce.ProductsData.ts', '/api/data/eCommerce/ProductsData'],
        ['api.data.email.EmailData.ts', '/api/data/email/EmailData'],
        ['api.data.postData.ts', '/api/data/postData'],
        ['api.data.users.ts', '/api/data/users'],
        ['api.data.gallery.ts', '/api/data/gallery'],
      ] as const
    ).map(([file, url]): [string, Outside] => [
      file,
      {
        url,
        get: {
          anonymous: { status: 401 },
          client: { status: 200 },
          client2: { status: 200 },
          agent: { status: 200 },
          admin: { status: 200 },
        },
        post: {
          anonymous: { status: 401 },
          client: { status: 405 },
          client2: { status: 405 },
          agent: { status: 405 },
          admin: { status: 405 },
        },
      },
    ]),
  ),
  ...Object.fromEntries(
    (
      [
        ['api.data.blog.post.ts', '/api/data/blog/post'],
        ['api.data.blog.post.add.ts', '/api/data/blog/post/add'],
        ['api.data.posts.like.ts', '/api/data/posts/like'],
        ['api.data.posts.comments.add.ts', '/api/data/posts/comments/add'],
        ['api.data.posts.replies.add.ts', '/api/data/posts/replies/add'],
        ['api.data.posts.replies.like.ts', '/api/data/posts/replies/like'],
      ] as const
    ).map(([file, url]): [string, Outside] => [
      file,
      {
        url,
        get: {
          anonymous: { status: 401 },
          client: { status: 405 },
          client2: { status: 405 },
          agent: { status: 405 },
          admin: { status: 405 },
        },
        post: {
          anonymous: { status: 401 },
          client: INVALID,
          client2: INVALID,
          agent: INVALID,
          admin: INVALID,
        },
      },
    ]),
  ),
};

const wantFor = (expected: PerVisitor, who: Visitor): Want =>
  expected === 'invalid form' || 'status' in expected ? expected : expected[who];

async function outsideRoute(file: string) {
  const entry = OUTSIDE_THE_FRAME[file];
  if (!entry)
    throw new Error(`${file}: add its expectations to OUTSIDE_THE_FRAME in tests/unit/access-matrix.test.ts`);
  const mod = (await import(/* @vite-ignore */ `../../app/routes/${file}`)) as RouteModule;
  const params = entry.params ?? {};
  expect(mod.loader, `${file} has no loader`).toBeTypeOf('function');
  expect(
    Boolean(mod.action),
    `${file}: ${mod.action ? 'add a post expectation for its action' : 'it has no action, drop post'} in OUTSIDE_THE_FRAME`,
  ).toBe(Boolean(entry.post));
  for (const who of VISITORS) {
    const cookie = who === 'anonymous' ? undefined : cookies[who];
    const got = await outcome(() => mod.loader!({ ...args(request('GET', entry.url, cookie)), params }));
    check(got, wantFor(entry.get, who), `${who} GET ${entry.url}`);
    if (!entry.post) continue;
    for (const method of ['POST', 'POST multipart'] as const) {
      const session = who === 'anonymous' ? undefined : entry.freshSession ? await freshCookie(who) : cookie;
      const answer = await outcome(() =>
        mod.action!({ ...args(request(method, entry.url, session)), params }),
      );
      check(answer, wantFor(entry.post, who), `${who} ${method} ${entry.url}`);
      if (entry.freshSession && session) {
        // The ended session opens nothing any more.
        const { loader } = (await import('../../app/routes/_portal.dashboards.modern')) as RouteModule;
        const after = await outcome(() =>
          loader!(args(pageRequest('/dashboards/modern', { cookie: session }))),
        );
        check(
          after,
          { status: 302, location: `${signInRedirect('/dashboards/modern')}&expired=1` },
          `${who}'s ended session after ${method} ${entry.url}`,
        );
      }
    }
  }
}

// --- The matrix ----------------------------------------------------------------------------------------

describe('the access matrix', () => {
  it('knows every route file: framed ones by the access table, the others by OUTSIDE_THE_FRAME', () => {
    const unknown = routeFiles.filter((file) => !isFramed(file) && !(file in OUTSIDE_THE_FRAME));
    expect(
      unknown,
      'routes outside the portal frame without expectations: add them to OUTSIDE_THE_FRAME in tests/unit/access-matrix.test.ts',
    ).toEqual([]);
    const gone = Object.keys(OUTSIDE_THE_FRAME).filter((file) => !routeFiles.includes(file));
    expect(gone, 'OUTSIDE_THE_FRAME names route files that do not exist').toEqual([]);
    const framed = routeFiles.filter(isFramed);
    for (const file of framed) expect(() => rolesFor(routePath(file)), file).not.toThrow();
    const framedScreens = new Set(framed.map(routePath));
    for (const screen of [...Object.keys(RECORDS), ...Object.keys(ACTION_ROLES), ...Object.keys(INTENTS)]) {
      expect(framedScreens, `a special case names ${screen}, which no route answers`).toContain(screen);
    }
  });

  /** What a route changes by being opened, and why: only for its own person, nobody else's request. */
  const OPENING_CHANGES: Record<string, string[]> = {
    // A notification's link marks it read (client A opening its own; the others get 404).
    '_portal.apps.notifications_.$id.tsx': ['notifications'],
  };
  for (const file of routeFiles) {
    it(`${routePath(file)} (${file})`, async () => {
      const before = await fingerprint();
      await (isFramed(file) ? framedScreen(file) : outsideRoute(file));
      expect(await changedTables(before), `tables changed by the requests to ${file}`).toEqual(
        OPENING_CHANGES[file] ?? [],
      );
    });
  }

  afterAll(() => {
    console.info(
      `access matrix: ${routeFiles.length} route files × ${VISITORS.length} visitors, ${checks} answers checked`,
    );
  });
});

// --- A warehouse agent's orders (decision record 049) ----------------------------------------------------

describe("a warehouse agent's orders", () => {
  /** Each screen of one order, asked by the agent: what it answers. */
  async function agentAnswers(orderId: number, post: boolean): Promise<Record<string, number>> {
    const screens = [
      '/apps/shipping-details/:id',
      '/apps/shipping-details/:id/edit',
      '/apps/shipping/clearance-receipt/:id',
    ];
    const answers: Record<string, number> = {};
    for (const screen of screens) {
      const file = routeFiles.find((name) => isFramed(name) && routePath(name) === screen)!;
      const mod = (await import(/* @vite-ignore */ `../../app/routes/${file}`)) as RouteModule;
      const params = { id: String(orderId) };
      const url = fill(screen, params);
      answers[screen] = (
        await outcome(() => mod.loader!({ ...args(request('GET', url, cookies.agent)), params }))
      ).status;
    }
    if (!post) return answers;
    // Posting a tracking event to it.
    const page = routeFiles.find((name) => routePath(name) === '/apps/shipping-details/:id')!;
    const mod = (await import(/* @vite-ignore */ `../../app/routes/${page}`)) as RouteModule;
    const form = {
      milestone: 'delayed',
      place: 'Yard',
      eventTime: new Date(Date.now() - 3_600_000).toISOString().slice(0, 16),
    };
    const url = `/apps/shipping-details/${orderId}`;
    answers['POST tracking event'] = (
      await outcome(() =>
        mod.action!({ ...args(request('POST', url, cookies.agent, form)), params: { id: String(orderId) } }),
      )
    ).status;
    return answers;
  }

  it("are the warehouse's and those handed to the agent: another order is not found, to read or to change", async () => {
    const db = database();
    const order = await db
      .selectFrom('shipping_orders')
      .select(['id', 'origin'])
      .where('status', 'in', ['confirmed', 'in_transit', 'arrived'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const elsewhere = order.origin === 'china' ? 'dubai' : 'china';
    const agent = await reference.login('agent@example.com');
    const set = await reference.call('updateWarehouse', {
      body: { name: 'Elsewhere', address: 'Far away', origin: elsewhere },
      session: agent,
    });
    expect(set.status).toBe(200);
    try {
      const before = await fingerprint();
      const refused = await agentAnswers(order.id, true);
      for (const [what, status] of Object.entries(refused)) expect(status, what).toBe(404);
      expect(await changedTables(before)).toEqual([]);

      await db
        .updateTable('shipping_orders')
        .set({ handler_user_id: await agentId() })
        .where('id', '=', order.id)
        .execute();
      const handed = await agentAnswers(order.id, false);
      expect(handed['/apps/shipping-details/:id']).toBe(200);
      expect(handed['/apps/shipping-details/:id/edit']).toBe(200);
    } finally {
      await reference.call('clearWarehouse', { session: agent });
      await db
        .updateTable('shipping_orders')
        .set({ handler_user_id: null })
        .where('id', '=', order.id)
        .execute();
    }
  });

  async function agentId(): Promise<number> {
    const row = await database()
      .selectFrom('users')
      .select('id')
      .where('email', '=', EMAIL.agent)
      .executeTakeFirstOrThrow();
    return row.id;
  }
});
