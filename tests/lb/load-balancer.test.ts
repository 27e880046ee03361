/**
 * Two portals behind nginx (round-robin) behave as one: every step of a customer's visit goes to the
 * other portal than the step before (proved by nginx's `X-Upstream`), and the outcome is the one a
 * single portal gives. Needs the built portal (`npm run build`) and Debian's nginx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../../backoffice/data/test-engines';
import { nginxInstalled, startTopology, type Topology } from './topology';

const built = await import('node:fs').then((fs) => fs.existsSync('build/server/index.js'));

class Visitor {
  private cookies = new Map<string, string>();
  /** The portal that answered each request, in order. */
  readonly servedBy: string[] = [];
  constructor(private readonly base: string) {}

  async request(path: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(new URL(path, this.base), {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    this.servedBy.push(response.headers.get('x-upstream') ?? '?');
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { response, text: await response.text() };
  }

  /** Follows redirects (each one another request, and so another portal). */
  async visit(path: string, init: { form?: Record<string, string> } = {}) {
    let answer = await this.request(path, init);
    for (let hops = 0; hops < 5 && answer.response.status >= 300 && answer.response.status < 400; hops++) {
      answer = await this.request(answer.response.headers.get('location')!);
    }
    return answer;
  }
}

/** Every request went to the other portal than the one before, and both served. */
function expectAlternating(servedBy: readonly string[], portals: readonly string[]) {
  expect(new Set(servedBy)).toEqual(new Set(portals));
  for (let i = 1; i < servedBy.length; i++) expect(servedBy[i], `request ${i + 1}`).not.toBe(servedBy[i - 1]);
}

// The back office on PostgreSQL, as several machines would have it (SQLite when it is not installed).
const postgres = Boolean(postgresUrl());

describe.skipIf(!nginxInstalled() || !built)(
  `two portals behind a load balancer, the back office on ${postgres ? 'PostgreSQL' : 'SQLite'}`,
  () => {
    let topology: Topology;
    beforeAll(async () => {
      topology = await startTopology({ postgres });
      expect(topology.postgres).toBe(postgres);
    }, 90_000);
    afterAll(async () => {
      await topology?.stop();
    });

    it('sign a customer in, show their pages, keep their changes and sign them out everywhere', async () => {
      const visitor = new Visitor(topology.url);
      expect((await visitor.visit('/auth/login')).response.status).toBe(200);
      const signedIn = await visitor.visit('/auth/login', {
        form: { email: 'client@example.com', password: 'demo1234', redirectTo: '/apps/shipping' },
      });
      expect(signedIn.response.status).toBe(200);
      expect(signedIn.text).toContain('SO-');
      for (const page of ['/apps/loans', '/apps/invoice', '/apps/shipping', '/dashboards/modern']) {
        const { response, text } = await visitor.visit(page);
        expect(response.status, page).toBe(200);
        expect(text, page).not.toContain('name="password"');
      }
      // What a portal would keep in its memory is seen by the other: a like, a note, a cart line.
      expect(
        (await visitor.visit('/user-profile', { form: { intent: 'likePost', postId: 'post-1' } })).response
          .status,
      ).toBe(200);
      const posts = JSON.parse((await visitor.request('/api/data/postData')).text) as {
        id: string;
        data: { likes: { like: boolean } };
      }[];
      expect(posts.find((post) => post.id === 'post-1')?.data.likes.like).toBe(true);
      await visitor.visit('/apps/notes', {
        form: { intent: 'add', title: 'Booked through the balancer', color: 'info' },
      });
      expect((await visitor.request('/api/data/notes/NotesData')).text).toContain(
        'Booked through the balancer',
      );
      await visitor.visit('/apps/ecommerce/shop', { form: { intent: 'add', productId: '1' } });
      expect((await visitor.visit('/apps/ecommerce/checkout')).text).toContain('Rugged barcode scanner');
      const signedOut = await visitor.visit('/auth/logout', { form: {} });
      expect(signedOut.response.status).toBe(200);
      // Neither portal takes the ended session any more.
      for (const page of ['/apps/shipping', '/apps/loans']) {
        const { response } = await visitor.request(page);
        expect(response.status, page).toBe(302);
        expect(response.headers.get('location'), page).toMatch(/^\/auth\/login/);
      }
      expectAlternating(visitor.servedBy, topology.portals);
    });

    it('count failed sign-ins from one address together, whichever portal each one reaches', async () => {
      const visitor = new Visitor(topology.url);
      // 20 failures are allowed per address in 15 minutes: ten on each portal.
      for (let i = 0; i < 20; i++) {
        const { response } = await visitor.request('/auth/login', {
          form: { email: `nobody-${i}@example.com`, password: 'wrong-password' },
        });
        expect(response.status, `attempt ${i + 1}`).toBe(401);
      }
      const blocked = await visitor.request('/auth/login', {
        form: { email: 'client@example.com', password: 'demo1234' },
      });
      expect(blocked.response.status).toBe(429);
      expect(blocked.text).toMatch(/Too many/i);
      expectAlternating(visitor.servedBy, topology.portals);
    });
  },
);
