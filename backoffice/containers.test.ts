import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containersAnswer, type Container } from '@contract';
import { CONTAINER_CAPACITY } from './containers';
import { demoContainers } from './seedShipping';
import {
  startTestBackoffice,
  signInDemoAccounts,
  type CallOptions,
  type DemoAccount,
  type TestBackoffice,
} from './testing';

let bo: TestBackoffice;
const sessions: Record<DemoAccount, string> = { admin: '', agent: '', client: '', client2: '' };

beforeAll(async () => {
  bo = await startTestBackoffice();
  Object.assign(sessions, (await signInDemoAccounts(bo)).sessions);
});
afterAll(async () => {
  await bo?.dispose();
});

async function list(query: CallOptions['query'] = {}) {
  const result = await bo.call('listContainers', { query, session: sessions.admin });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return containersAnswer.parse(result.body);
}

const names = (containers: readonly Container[]) => containers.map((container) => container.name).sort();

describe('GET /shipping-orders/admin/containers', () => {
  it('is the admin’s: 403 for an agent and a client', async () => {
    for (const who of ['agent', 'client', 'client2'] as const) {
      const result = await bo.call('listContainers', { session: sessions[who] });
      expect(result.status).toBe(403);
      expect(result.body).toEqual({ error: 'You are not allowed to do this', code: 'forbidden' });
    }
  });

  it('lists the six demo containers, at least two open, with their capacity by size', async () => {
    const { containers, total } = await list();
    expect(total).toBe(6);
    expect(names(containers)).toEqual(demoContainers.map((container) => container.name).sort());
    expect(containers.filter((container) => container.status === 'open').length).toBeGreaterThanOrEqual(2);
    expect(new Set(containers.map((container) => container.size))).toEqual(
      new Set(['20ft', '40ft', '40ft_hc']),
    );
    for (const container of containers) {
      expect(container.capacity_cbm).toBe(CONTAINER_CAPACITY[container.size]);
      expect(container.departure_date === null).toBe(container.status === 'open');
    }
    expect(CONTAINER_CAPACITY).toEqual({ '20ft': 33, '40ft': 67, '40ft_hc': 76 });
  });

  it('gives each container its orders and the volume of those not cancelled', async () => {
    const { containers } = await list();
    const withCancelled = containers.find((container) =>
      container.orders.some((order) => order.status === 'cancelled'),
    );
    expect(withCancelled).toBeDefined();
    for (const container of containers) {
      expect(container.orders.length, container.name).toBeGreaterThan(0);
      const used = container.orders
        .filter((order) => order.status !== 'cancelled')
        .reduce((sum, order) => sum + order.cbm, 0);
      expect(container.used_cbm, container.name).toBeCloseTo(used, 2);
      expect(container.used_cbm).toBeLessThanOrEqual(container.capacity_cbm);
      const stored = (
        await bo.backoffice.database
          .selectFrom('shipping_orders')
          .select('id')
          .where('container_id', '=', container.id)
          .orderBy('id')
          .execute()
      ).map((row) => row.id);
      expect(container.orders.map((order) => order.id).sort((a, b) => a - b)).toEqual(stored);
      expect(container.orders.every((order) => order.partner_name.length > 0)).toBe(true);
    }
  });

  it('filters by status, origin and search (number, destination), and pages with the total', async () => {
    const open = await list({ status: 'open' });
    expect(open.containers.every((container) => container.status === 'open')).toBe(true);
    expect(open.total).toBe(open.containers.length);
    const china = await list({ origin: 'china' });
    expect(china.containers.every((container) => container.origin === 'china')).toBe(true);
    expect(names((await list({ search: 'mscu 482' })).containers)).toEqual(['MSCU 482913-7']);
    expect(names((await list({ search: 'nansha' })).containers)).toEqual(['HLXU 674120-3']);
    expect((await list({ search: 'port said', status: 'shipped' })).containers.map((c) => c.name)).toEqual([
      'MSKU 906377-2',
    ]);
    const all = await list();
    const page = await list({ limit: 2, offset: 2 });
    expect(page.total).toBe(6);
    expect(page.containers.map((container) => container.id)).toEqual(
      all.containers.slice(2, 4).map((c) => c.id),
    );
  });
});
