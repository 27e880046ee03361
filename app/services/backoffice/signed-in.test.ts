// The back office bound to a signed-in request (signed-in.server.ts), against the reference back office
// behind a pass-through that notes what each call carried: the user's session and language go with every
// call, an ended session ends the portal's and goes to sign-in, and a record that is missing or another
// customer's is the 404 page.
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackoffice, type TestBackoffice } from '../../../backoffice/testing';
import {
  args,
  cookiesFrom,
  formRequest,
  pageRequest,
  PORTAL,
  thrown,
} from '../../../tests/unit/portal-server';
import { isBackofficeError } from './client.server';

let reference: TestBackoffice;
let passThrough: Server;
/** The Accept-Language of each call the portal made, by path. */
const languages: { path: string; language: string | undefined }[] = [];

beforeAll(async () => {
  reference = await startTestBackoffice();
  const target = new URL(reference.backoffice.url);
  passThrough = createServer((incoming, answer) => {
    languages.push({ path: incoming.url ?? '', language: incoming.headers['accept-language'] });
    const onward = forward(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (reply) => {
        answer.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(answer);
      },
    );
    incoming.pipe(onward);
  });
  await new Promise<void>((resolve) => passThrough.listen(0, '127.0.0.1', resolve));
  process.env.BACKOFFICE_URL = `http://127.0.0.1:${(passThrough.address() as AddressInfo).port}`;
  process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-signing-cookies';
  process.env.DATA_DIR = reference.dataDir;
});
afterAll(async () => {
  await new Promise((resolve) => passThrough.close(resolve));
  await reference.dispose();
});

/** A fresh portal sign-in: its cookie. */
async function signIn(email: string): Promise<string> {
  const { loginAction } = await import('../auth-actions.server');
  const response = (await loginAction(
    args(formRequest('/auth/login', { email, password: 'demo1234' })),
  )) as Response;
  return cookiesFrom(response);
}

async function signedInAt(path: string, cookie: string, language?: string) {
  const { requireUser } = await import('../auth.server');
  const request = new Request(new URL(path, PORTAL), {
    headers: { Cookie: cookie, ...(language ? { 'Accept-Language': language } : {}) },
  });
  return { request, signedIn: await requireUser(request) };
}

describe('the back office bound to a signed-in request', () => {
  it("sends the user's session: the user's own records", async () => {
    const { signedIn } = await signedInAt('/pages/account-settings', await signIn('client@example.com'));
    expect((await signedIn.backoffice.call('getProfile')).email).toBe('client@example.com');
  });

  it("sends the user's language with every call, and has it at hand", async () => {
    const cookie = await signIn('client@example.com');
    const french = await signedInAt('/apps/loans', cookie, 'fr-CA,fr;q=0.9,en;q=0.5');
    expect(french.signedIn.backoffice.language).toBe('fr');
    languages.length = 0;
    await french.signedIn.backoffice.call('getProfile');
    expect(languages).toEqual([{ path: '/me', language: 'fr' }]);

    // The language chosen in the portal (its cookie) wins over the browser's.
    const { languageCookie } = await import('../i18n.server');
    const lng = (await languageCookie.serialize('zh')).split(';')[0];
    const chosen = await signedInAt('/apps/loans', `${cookie}; ${lng}`, 'fr');
    expect(chosen.signedIn.backoffice.language).toBe('zh');
    languages.length = 0;
    await chosen.signedIn.backoffice.call('getProfile');
    expect(languages.map((call) => call.language)).toEqual(['zh']);
  });

  it('ends the portal session and goes to sign-in when the back office has ended its own (401)', async () => {
    const cookie = await signIn('client@example.com');
    const { signedIn } = await signedInAt('/apps/loans?tab=denied', cookie);
    // Signed out elsewhere: the back office no longer knows the session.
    await reference.call('logout', { session: signedIn.session });

    const answer = await thrown(() => signedIn.backoffice.call('getProfile'));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe(
      '/auth/login?redirectTo=%2Fapps%2Floans%3Ftab%3Ddenied&expired=1',
    );
    // The portal's cookie is ended with it…
    expect(answer.headers.get('Set-Cookie')).toMatch(/^__session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    // …and a copy of it is refused on the next page, without asking the back office again.
    const { loader } = await import('../../routes/_portal.dashboards.modern');
    const next = await thrown(() => loader(args(pageRequest('/dashboards/modern', { cookie }))));
    expect(next.headers.get('Location')).toMatch(/^\/auth\/login\?/);
  });

  it('ends the whole page, not one of its parts, when the session ends while it loads (the dashboard)', async () => {
    const cookie = await signIn('agent@example.com');
    // This process has just seen the session alive (it asks again only after a few seconds)…
    const { signedIn } = await signedInAt('/dashboards/modern', cookie);
    // …and it ends elsewhere meanwhile.
    await reference.call('logout', { session: signedIn.session });
    const { loader } = await import('../../routes/_portal.dashboards.modern');
    const answer = await thrown(() => loader(args(pageRequest('/dashboards/modern', { cookie }))));
    expect(answer.headers.get('Location')).toBe('/auth/login?redirectTo=%2Fdashboards%2Fmodern&expired=1');
  });

  it("answers the 404 page for a record that is missing or another customer's; other calls leave it to the screen", async () => {
    const client = (await signedInAt('/apps/loans', await signIn('client@example.com'))).signedIn;
    const other = (await signedInAt('/apps/loans', await signIn('client2@example.com'))).signedIn;
    const theirs = await other.backoffice.call('listUserLoans', {
      query: { partner_id: other.user.partner_id! },
    });
    const foreign = theirs.loans[0]!.name;
    expect((await other.backoffice.record('getLoan', { params: { number: foreign } })).name).toBe(foreign);

    for (const number of [foreign, 'LN-NO-SUCH-LOAN']) {
      const answer = await thrown(() => client.backoffice.record('getLoan', { params: { number } }));
      expect(answer.status).toBe(404);
      // A plain call says what happened, for a screen that shows a message instead.
      const refusal = await client.backoffice
        .call('getLoan', { params: { number } })
        .catch((e: unknown) => e);
      expect(isBackofficeError(refusal, 'not_found')).toBe(true);
    }
  });
});
