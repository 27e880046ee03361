// Malformed bodies posted to the portal's actions — no or the wrong content type, a multipart body without
// its boundary or cut short, bad JSON, bytes that are not text — are the sender's mistake: a 400 with a
// clear message in the reader's language (JSON for the /api/data calls), and nothing logged as an error.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '../../server/logger.js';
import type { TestBackoffice } from '../../backoffice/testing';
import {
  PORTAL,
  signInPortalAccounts,
  startPortalBackoffice,
  type PortalAccount,
} from '../../tests/unit/portal-server';

let reference: TestBackoffice;
let cookies: Record<PortalAccount, string>;

beforeAll(async () => {
  reference = await startPortalBackoffice();
  ({ cookies } = await signInPortalAccounts(reference));
});
afterAll(() => reference.dispose());
afterEach(() => vi.restoreAllMocks());

type Action = (args: {
  request: Request;
  params: Record<string, string>;
  context: object;
}) => Promise<unknown>;

/** A sample of actions: anonymous, a client's, a staff member's, and a JSON call. */
const ACTIONS: { route: string; url: string; who: PortalAccount | null; params?: Record<string, string> }[] =
  [
    { route: 'auth.login.tsx', url: '/auth/login', who: null },
    { route: 'auth.register.tsx', url: '/auth/register', who: null },
    { route: 'auth.forgot-password.tsx', url: '/auth/forgot-password', who: null },
    { route: 'preferences.tsx', url: '/preferences', who: null },
    { route: '_portal.apps.request-for-shipping.tsx', url: '/apps/request-for-shipping', who: 'client' },
    {
      route: '_portal.pages.account-settings.contact.tsx',
      url: '/pages/account-settings/contact',
      who: 'client',
    },
    { route: '_portal.apps.suppliers.new.tsx', url: '/apps/suppliers/new', who: 'agent' },
    {
      route: '_portal.apps.shipping-details.$id.tsx',
      url: '/apps/shipping-details/1',
      who: 'agent',
      params: { id: '1' },
    },
    { route: 'api.data.posts.like.ts', url: '/api/data/posts/like', who: 'client' },
  ];

/** Bodies a browser never sends to a form, each with its content type (null: none). */
const BODIES: { name: string; type: string | null; body: Uint8Array<ArrayBuffer> }[] = [
  { name: 'no content type', type: null, body: new TextEncoder().encode('email=a%40b.c') },
  { name: 'plain text', type: 'text/plain', body: new TextEncoder().encode('email=a@b.c') },
  { name: 'bad JSON', type: 'application/json', body: new TextEncoder().encode('{"email": ') },
  {
    name: 'multipart without a boundary',
    type: 'multipart/form-data',
    body: new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n'),
  },
  {
    name: 'multipart cut short',
    type: 'multipart/form-data; boundary=----cut',
    body: new TextEncoder().encode('------cut\r\nContent-Disposition: form-data; name="email"\r\n\r\nclie'),
  },
];

function unreadableFormMessage(language: 'en' | 'fr'): string {
  const file = readFileSync(path.join(process.cwd(), 'app/locales', language, 'common.json'), 'utf8');
  return (JSON.parse(file) as { errors: { unreadableForm: string } }).errors.unreadableForm;
}

/** The status the action answered with: a Response (returned or thrown) or data with a status. */
async function outcome(work: () => Promise<unknown>): Promise<{ status: number; response?: Response }> {
  let result: unknown;
  try {
    result = await work();
  } catch (error) {
    if (error instanceof Response) return { status: error.status, response: error };
    return { status: 500 };
  }
  if (result instanceof Response) return { status: result.status, response: result };
  const init = (result as { init?: { status?: number } | null }).init;
  return { status: init?.status ?? 200 };
}

/** The request a sender would make, in French, signed in as `who` when given. */
function post(url: string, who: PortalAccount | null, type: string | null, body: Uint8Array<ArrayBuffer>) {
  const headers = new Headers({ Origin: PORTAL, 'Accept-Language': 'fr' });
  if (type) headers.set('Content-Type', type);
  if (who) headers.set('Cookie', cookies[who]);
  const request = new Request(new URL(url, PORTAL), { method: 'POST', headers, body });
  // A byte body gets no content type of its own; make sure none is left.
  if (!type) request.headers.delete('Content-Type');
  return request;
}

const context = { cspNonce: 'test', clientAddress: '127.0.0.9' };

describe.each(ACTIONS)('POST $url', ({ route, url, who, params }) => {
  it.each(BODIES)(
    'answers $name with a 400 and a clear message, logging no error',
    async ({ type, body }) => {
      const errors = vi.spyOn(logger, 'error');
      const { action } = (await import(`../routes/${route}`)) as { action: Action };
      const answer = await outcome(() =>
        action({ request: post(url, who, type, body), params: params ?? {}, context }),
      );
      expect(errors).not.toHaveBeenCalled();
      if (route.startsWith('api.')) {
        // The JSON calls say so in JSON; a type they do not read at all is 415 (Unsupported Media Type).
        expect([400, 415]).toContain(answer.status);
        expect(answer.response?.headers.get('Content-Type')).toContain('application/json');
      } else {
        expect(answer.status).toBe(400);
        // Forms with files read multipart bodies themselves and give the form back with their message.
        if (answer.response) expect(await answer.response.text()).toBe(unreadableFormMessage('fr'));
      }
    },
  );

  it('takes bytes that are not text, sent as a url-encoded form, as a form of odd values: no 5xx, no error', async () => {
    const errors = vi.spyOn(logger, 'error');
    const { action } = (await import(`../routes/${route}`)) as { action: Action };
    const garbage = new Uint8Array([0xff, 0xfe, 0x00, 0x25, 0x80, 0x3d, 0x25, 0xc3]);
    const request = post(url, who, 'application/x-www-form-urlencoded', garbage);
    const answer = await outcome(() => action({ request, params: params ?? {}, context }));
    expect(answer.status).toBeLessThan(500);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('every action', () => {
  it('reads its form through readForm, so that a new one cannot bring the 500 back', () => {
    const app = path.join(process.cwd(), 'app');
    const direct = readdirSync(app, { recursive: true, encoding: 'utf8' })
      .filter(
        (file) => /\.tsx?$/.test(file) && !file.includes('.test.') && !file.endsWith('form-body.server.ts'),
      )
      .filter((file) =>
        /request(\.clone\(\))?\.formData\(\)/.test(readFileSync(path.join(app, file), 'utf8')),
      );
    expect(direct).toEqual([]);
  });
});
