// Lists against a back office that pages and filters, and against one that ignores its paging and
// filter parameters: unit cases of `pageOf`, then the services over a back office in front of which
// every list call loses its query (it answers every row it has), where a short list must be filtered.
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import {
  args,
  cookiesFrom,
  formRequest,
  pageRequest,
  startPortalBackoffice,
} from '../../tests/unit/portal-server';
import { PAGE_SIZE, pageOf } from './paging';

const even = (n: number) => n % 2 === 0;
const numbers = (count: number, from = 1) => Array.from({ length: count }, (_, i) => from + i);

describe('pageOf', () => {
  it('filters a short answer that holds every row: the back office ignored the filter', () => {
    expect(pageOf(numbers(7), 7, 1, even)).toEqual({ items: [2, 4, 6], total: 3, page: 1, pages: 1 });
  });

  it('keeps a filtered short answer whole (its rows all match)', () => {
    expect(pageOf([2, 4, 6], 3, 1, even)).toEqual({ items: [2, 4, 6], total: 3, page: 1, pages: 1 });
  });

  it('filters and cuts an answer longer than a page: the back office ignored the paging', () => {
    expect(pageOf(numbers(30), 30, 2, even)).toEqual({
      items: [22, 24, 26, 28, 30],
      total: 15,
      page: 2,
      pages: 2,
    });
  });

  it('shows a page the back office cut as it is', () => {
    expect(pageOf(numbers(PAGE_SIZE, 11), 42, 2, even)).toEqual({
      items: numbers(PAGE_SIZE, 11),
      total: 42,
      page: 2,
      pages: 5,
    });
  });

  it('answers an empty page past the end of a short list', () => {
    expect(pageOf(numbers(4), 4, 2, () => true)).toEqual({ items: [], total: 4, page: 2, pages: 1 });
  });
});

describe('short lists from a back office that ignores filters', () => {
  let reference: TestBackoffice;
  let proxy: Server;

  beforeAll(async () => {
    reference = await startPortalBackoffice();
    const target = new URL(reference.backoffice.url);
    // Every call reaches the reference back office without its query: no search, tab, status or page.
    proxy = createServer((incoming, outgoing) => {
      const upstream = forward(
        {
          host: target.hostname,
          port: target.port,
          method: incoming.method,
          path: (incoming.url ?? '/').split('?')[0],
          headers: incoming.headers,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      incoming.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    process.env.BACKOFFICE_URL = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
    await reference.dispose();
  });

  async function signedIn(email: string) {
    const { loginAction } = await import('./auth-actions.server');
    const { requireUser } = await import('./auth.server');
    const cookie = cookiesFrom(
      (await loginAction(args(formRequest('/auth/login', { email, password: 'demo1234' })))) as Response,
    );
    return requireUser(pageRequest('/', { cookie }));
  }

  it('a customer’s requests: one status, one service, a search', async () => {
    const { listRequests } = await import('./requests.server');
    const client = await signedIn('client2@example.com');
    const all = await listRequests(client, { page: 1 });
    expect(all.total).toBeLessThanOrEqual(PAGE_SIZE);
    const pending = await listRequests(client, { page: 1, status: 'pending' });
    expect(pending.requests.length).toBeGreaterThan(0);
    expect(pending.requests.length).toBeLessThan(all.requests.length);
    expect(pending.requests.every((request) => request.status === 'pending')).toBe(true);
    expect(pending.total).toBe(pending.requests.length);
    const one = all.requests[0]!;
    const found = await listRequests(client, { page: 1, q: one.name });
    expect(found.requests.map((request) => request.id)).toContain(one.id);
    expect(found.requests.every((request) => request.name.includes(one.name))).toBe(true);
    const none = await listRequests(client, { page: 1, q: 'no request is called this' });
    expect(none).toMatchObject({ requests: [], total: 0, pages: 1 });
  });

  it('a customer’s orders: a tab and a search', async () => {
    const { listOrders } = await import('./shipping.server');
    const client = await signedIn('client2@example.com');
    const all = await listOrders(client, { filter: 'show_all', page: 1 });
    expect(all.total).toBeLessThanOrEqual(PAGE_SIZE);
    const completed = await listOrders(client, { filter: 'completed', page: 1 });
    expect(completed.items.length).toBeLessThan(all.items.length);
    expect(completed.items.every((order) => order.status === 'delivered')).toBe(true);
    const none = await listOrders(client, { filter: 'show_all', page: 1, q: 'no order is called this' });
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('the customers directory: a search', async () => {
    const { listCustomers } = await import('./customers.server');
    const agent = await signedIn('agent@example.com');
    const found = await listCustomers(agent, { page: 1, q: 'Jade Harbor' });
    expect(found.customers.length).toBeGreaterThan(0);
    expect(found.customers.every((customer) => /jade harbor/i.test(customer.name))).toBe(true);
    expect(found.total).toBe(found.customers.length);
  });
});
