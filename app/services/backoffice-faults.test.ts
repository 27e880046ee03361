// A back office that misbehaves — too slow, a 500, an answer that is not JSON or not the contract's —
// while a user is signed in: a list page says so in the reader's language (never an empty list), a form
// comes back with what was typed and the message, and nothing throws past the route (the server stays up).
import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { args, cookiesFrom, formRequest, pageRequest } from '../../tests/unit/portal-server';

type Mode = 'slow' | 'error' | 'not json' | 'off contract';
let mode: Mode = 'error';
let server: Server;
const hits: string[] = [];

function misbehave(res: ServerResponse) {
  if (mode === 'slow') return; // never answers within the time-out
  if (mode === 'error')
    return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
  if (mode === 'not json')
    return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success","loans":"many"}');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    misbehave(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.BACKOFFICE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-signing-cookies';
  process.env.BACKOFFICE_TIMEOUT_MS = '400';
  process.env.BACKOFFICE_READ_TIMEOUT_MS = '400';
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

async function signedInAs(role: 'client' | 'warehouse_agent'): Promise<string> {
  const { commitSignIn } = await import('./session.server');
  const user = {
    id: role === 'client' ? 3 : 2,
    email: `${role}@example.com`,
    firstName: 'Test',
    lastName: 'User',
    name: 'Test User',
    partner_id: role === 'client' ? 7 : 1,
    roles: [role],
    role,
    profile_image: null,
  };
  return cookiesFrom(await commitSignIn(pageRequest('/auth/login'), { user, backoffice: 'token' }, '/'));
}

/** The message each fault should end in, as the common namespace words it. */
const KEY: Record<Mode, 'unavailable' | 'badAnswer'> = {
  slow: 'unavailable',
  error: 'unavailable',
  'not json': 'badAnswer',
  'off contract': 'badAnswer',
};

function message(language: 'en' | 'fr', key: string): string {
  const file = readFileSync(path.join(process.cwd(), 'app/locales', language, 'common.json'), 'utf8');
  return (JSON.parse(file) as { errors: Record<string, string> }).errors[key]!;
}

describe.each(['slow', 'error', 'not json', 'off contract'] as const)('a back office that is %s', (which) => {
  it('leaves the loan list with a message in the reader’s language, not an empty list', async () => {
    mode = which;
    const cookie = await signedInAs('client');
    const { loader } = await import('../routes/_portal.apps.loans._index');
    const english = await loader(args(pageRequest('/apps/loans', { cookie })));
    expect(english.loadError).toBe(message('en', KEY[which]));
    const french = await loader(args(pageRequest('/apps/loans', { cookie, language: 'fr' })));
    expect(french.loadError).toBe(message('fr', KEY[which]));
    expect(french.loadError).not.toBe(english.loadError);
  });

  it('gives a staff form back with what was typed and the message', async () => {
    mode = which;
    const cookie = await signedInAs('warehouse_agent');
    const { action } = await import('../routes/_portal.apps.suppliers.new');
    const typed = { name: 'Pearl River Plastics', contact: 'Mei Lin', phone: '+86 20 5555 0101' };
    const reply = (await action(args(formRequest('/apps/suppliers/new', typed, { cookie })))) as unknown as {
      init: { status: number };
      data: { initialValue: Record<string, string>; error: Record<string, string[]> };
    };
    expect(reply.init.status).toBe(400);
    expect(reply.data.initialValue).toMatchObject(typed);
    expect(reply.data.error['']).toEqual([`common:errors.${KEY[which]}`]);
  });
});

describe('a file download while the back office fails', () => {
  it('answers 503 with a message in the reader’s language, plain text', async () => {
    mode = 'error';
    const cookie = await signedInAs('client');
    const { loader } = await import('../routes/_portal.apps.requests.$id.attachments.$attachmentId');
    for (const language of ['en', 'fr'] as const) {
      const request = pageRequest('/apps/requests/1/attachments/2', { cookie, language });
      let answer: Response | undefined;
      try {
        await loader({ ...args(request), params: { id: '1', attachmentId: '2' } });
      } catch (error) {
        if (error instanceof Response) answer = error;
      }
      expect(answer?.status).toBe(503);
      expect(answer?.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
      expect(await answer?.text()).toBe(message(language, 'fileUnavailable'));
    }
  });
});

describe('health checks while the back office hangs', () => {
  it('/healthz answers at once without asking it; /readyz gives up after its short limit with a 503', async () => {
    mode = 'slow';
    const before = hits.length;
    const { loader: live } = await import('../routes/healthz');
    expect(live().status).toBe(200);
    expect(hits.length).toBe(before);
    const { loader: ready } = await import('../routes/readyz');
    const readiness = await ready();
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toEqual({ status: 'unavailable', backoffice: 'unreachable' });
  });
});

/** What a loader threw or answered, as a Response (a record page's error, a download's answer). */
async function answerOf(work: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await work();
    if (result instanceof Response) return result;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected a Response');
}

type RouteModule = { loader: (args: unknown) => Promise<unknown> };

/** Record pages and document downloads, each with the URL and parameters a customer would open. */
const RECORD_ROUTES: { route: string; url: string; params: Record<string, string> }[] = [
  { route: '_portal.apps.shipping-details.$id', url: '/apps/shipping-details/5', params: { id: '5' } },
  {
    route: '_portal.apps.loan.loan-details.$loanNumber',
    url: '/apps/loan/loan-details/LN-2026-0007',
    params: { loanNumber: 'LN-2026-0007' },
  },
  {
    route: '_portal.apps.loan.loan-details.$loanNumber_.summary',
    url: '/apps/loan/loan-details/LN-2026-0007/summary',
    params: { loanNumber: 'LN-2026-0007' },
  },
  { route: '_portal.apps.invoice.$id', url: '/apps/invoice/3', params: { id: '3' } },
  {
    route: '_portal.apps.shipping.clearance-receipt.$id',
    url: '/apps/shipping/clearance-receipt/5',
    params: { id: '5' },
  },
  {
    route: '_portal.apps.invoice.$id.download',
    url: '/apps/invoice/3/download?format=pdf',
    params: { id: '3' },
  },
  {
    route: '_portal.apps.loan.loan-details.$loanNumber_.summary.download',
    url: '/apps/loan/loan-details/LN-2026-0007/summary/download?format=pdf',
    params: { loanNumber: 'LN-2026-0007' },
  },
  {
    route: '_portal.apps.shipping.clearance-receipt.$id.download',
    url: '/apps/shipping/clearance-receipt/5/download?format=png',
    params: { id: '5' },
  },
];

describe.each([
  ['down (a 500)', 'error'],
  ['hung', 'slow'],
  ['answering garbage', 'not json'],
  ['answering off the contract', 'off contract'],
] as const)('record pages and downloads while the back office is %s', (_label, which) => {
  it.each(RECORD_ROUTES)(
    '$url answers 503 with the lists’ message in the reader’s language',
    async (entry) => {
      mode = which;
      const cookie = await signedInAs('client');
      const { loader } = (await import(`../routes/${entry.route}.tsx`).catch(
        () => import(`../routes/${entry.route}.ts`),
      )) as RouteModule;
      for (const language of ['en', 'fr'] as const) {
        const request = pageRequest(entry.url, { cookie, language });
        const answer = await answerOf(() => loader({ ...args(request), params: entry.params }));
        expect(answer.status).toBe(503);
        expect(answer.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
        expect(await answer.text()).toBe(message(language, KEY[which]));
      }
    },
  );
});

describe.each([
  ['down (a 500)', 'error'],
  ['answering garbage', 'not json'],
] as const)('share links while the back office is %s', (_label, which) => {
  it.each([
    { route: 'shared.$token', url: `/shared/${'t'.repeat(43)}`, params: { token: 't'.repeat(43) } },
    { route: 'invoice', url: 'signed', params: {} },
  ])('$route answers 503 in the reader’s language, still private and without referrer', async (entry) => {
    mode = which;
    const { signShare } = await import('./documents/share-links.server');
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const url =
      entry.url === 'signed'
        ? `/invoice?${new URLSearchParams({ share: signShare({ token: 's'.repeat(43), expires_at: expires } as never) })}`
        : entry.url;
    const { loader } = (await import(`../routes/${entry.route}.tsx`)) as RouteModule;
    for (const language of ['en', 'fr'] as const) {
      const answer = await answerOf(() =>
        loader({ ...args(pageRequest(url, { language })), params: entry.params }),
      );
      expect(answer.status).toBe(503);
      expect(await answer.text()).toBe(message(language, KEY[which]));
      expect(answer.headers.get('Referrer-Policy')).toBe('no-referrer');
      expect(answer.headers.get('Cache-Control')).toContain('no-store');
    }
  });
});

describe('document files while the back office answers garbage', () => {
  it.each([
    {
      route: '_portal.apps.shipping-details.$id.documents.$documentId',
      url: '/apps/shipping-details/5/documents/2',
      params: { id: '5', documentId: '2' },
    },
    {
      route: '_portal.apps.loan.loan-details.$loanNumber.documents.$documentId',
      url: '/apps/loan/loan-details/LN-2026-0007/documents/2',
      params: { loanNumber: 'LN-2026-0007', documentId: '2' },
    },
  ])('$url answers 503 in the reader’s language', async (entry) => {
    mode = 'not json';
    const cookie = await signedInAs('client');
    const { loader } = (await import(`../routes/${entry.route}.ts`)) as RouteModule;
    for (const language of ['en', 'fr'] as const) {
      const request = pageRequest(entry.url, { cookie, language });
      const answer = await answerOf(() => loader({ ...args(request), params: entry.params }));
      expect(answer.status).toBe(503);
      expect(await answer.text()).toBe(message(language, 'fileUnavailable'));
    }
  });
});

describe('the statement download while the back office is down', () => {
  it('goes back to the statement page, which says so, instead of failing', async () => {
    mode = 'error';
    const cookie = await signedInAs('client');
    const { loader } = await import('../routes/_portal.apps.statement.download');
    const url = '/apps/statement/download?format=pdf&from=2026-01-01&to=2026-03-31';
    const answer = await answerOf(() => loader(args(pageRequest(url, { cookie }))));
    expect(answer.status).toBe(303);
    const page = await import('../routes/_portal.apps.statement');
    const back = answer.headers.get('Location')!;
    const state = await page.loader(args(pageRequest(back, { cookie })));
    expect(state.loadError).toBe(message('en', 'unavailable'));
  });
});

describe('signing in while the back office answers garbage', () => {
  it('says the service is unavailable, with the e-mail kept', async () => {
    mode = 'not json';
    const { loginAction } = await import('./auth-actions.server');
    const reply = (await loginAction(
      args(formRequest('/auth/login', { email: 'client@example.com', password: 'demo1234' })),
    )) as unknown as {
      init: { status: number };
      data: { initialValue: Record<string, string>; error: Record<string, string[]> };
    };
    expect(reply.init.status).toBe(503);
    expect(reply.data.error['']).toEqual(['auth:login.unavailable']);
    expect(reply.data.initialValue.email).toBe('client@example.com');
  });
});

/** Staff record pages and the account picture: the same mapping, the same message. */
const STAFF_ROUTES: {
  route: string;
  url: string;
  params: Record<string, string>;
  who: 'client' | 'warehouse_agent';
}[] = [
  {
    route: '_portal.apps.customers.$id.tsx',
    url: '/apps/customers/7',
    params: { id: '7' },
    who: 'warehouse_agent',
  },
  {
    route: '_portal.apps.suppliers.$id.tsx',
    url: '/apps/suppliers/1',
    params: { id: '1' },
    who: 'warehouse_agent',
  },
  {
    route: '_portal.apps.shipping.drivers.$id.tsx',
    url: '/apps/shipping/drivers/1',
    params: { id: '1' },
    who: 'warehouse_agent',
  },
  {
    route: '_portal.apps.shipping.new-order.$requestId.tsx',
    url: '/apps/shipping/new-order/1',
    params: { requestId: '1' },
    who: 'warehouse_agent',
  },
  {
    route: '_portal.apps.loans.new-loan.$requestId.tsx',
    url: '/apps/loans/new-loan/1',
    params: { requestId: '1' },
    who: 'warehouse_agent',
  },
  { route: '_portal.pages.account-image.ts', url: '/pages/account-image', params: {}, who: 'client' },
];

describe.each([
  ['down (a 500)', 'error'],
  ['answering garbage', 'not json'],
] as const)('staff record pages while the back office is %s', (_label, which) => {
  it.each(STAFF_ROUTES)('$url answers 503 with the lists’ message', async (entry) => {
    mode = which;
    const cookie = await signedInAs(entry.who);
    const { loader } = (await import(`../routes/${entry.route}`)) as RouteModule;
    const request = pageRequest(entry.url, { cookie, language: 'fr' });
    const answer = await answerOf(() => loader({ ...args(request), params: entry.params }));
    expect(answer.status).toBe(503);
    expect(await answer.text()).toBe(message('fr', KEY[which]));
  });
});
