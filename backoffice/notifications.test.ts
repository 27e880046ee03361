// Notifications in the portal: staff are told of a new request; the customer of its request's decision,
// a quote sent, each milestone of its orders and its loan's decision; each person reads only their own
// and marks them read. The demo data tells nobody.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsAnswer } from '@contract';
import { startTestBackoffice, signInDemoAccounts, type DemoAccount, type TestBackoffice } from './testing';

let bo: TestBackoffice;
const sessions: Record<DemoAccount, string> = { admin: '', agent: '', client: '', client2: '' };
const partners: Record<DemoAccount, number> = { admin: 0, agent: 0, client: 0, client2: 0 };

beforeAll(async () => {
  bo = await startTestBackoffice();
  const demo = await signInDemoAccounts(bo);
  Object.assign(sessions, demo.sessions);
  Object.assign(partners, demo.partners);
});
afterAll(async () => {
  await bo?.dispose();
});

async function mine(who: DemoAccount, query: Record<string, string> = {}) {
  const result = await bo.call('listNotifications', { query, session: sessions[who] });
  expect(result.status).toBe(200);
  return notificationsAnswer.parse(result.body);
}

describe('notifications', () => {
  it('start empty: the demo data tells nobody', async () => {
    for (const who of ['admin', 'agent', 'client', 'client2'] as const) {
      expect(await mine(who)).toEqual({ notifications: [], total: 0, unread: 0, unread_messages: 0 });
    }
  });

  it('tell staff of a new request and the customer of its decision, each only their own', async () => {
    const sent = await bo.call('createShippingRequest', {
      body: {
        partner_id: partners.client,
        email_from: 'client@example.com',
        name: 'Other Service',
        description: 'Notify me',
        service: 'other',
      },
      session: sessions.client,
    });
    const id = (sent.body as { id: number }).id;
    for (const who of ['admin', 'agent'] as const) {
      const { notifications, unread } = await mine(who);
      expect(unread).toBe(1);
      expect(notifications[0]).toMatchObject({
        kind: 'request_received',
        record_type: 'request',
        record_id: id,
      });
    }
    // The customer hears that its request arrived.
    expect((await mine('client')).notifications).toEqual([
      expect.objectContaining({ kind: 'request_sent', record_type: 'request', record_id: id }),
    ]);

    await bo.call('reviewShippingRequest', {
      params: { id },
      body: { status: 'approved', note: 'Fine' },
      session: sessions.agent,
    });
    const client = await mine('client');
    expect(client.notifications).toEqual([
      expect.objectContaining({
        kind: 'request_approved',
        record_type: 'request',
        record_id: id,
        read_at: null,
      }),
      expect.objectContaining({ kind: 'request_sent', record_id: id }),
    ]);
    expect((await mine('client2')).total).toBe(0);

    // Read one: it stays, read; the count follows.
    const read = await bo.call('markNotificationsRead', {
      body: { ids: [client.notifications[0]!.id] },
      session: sessions.client,
    });
    expect(read.body).toEqual({ unread: 1 });
    expect((await mine('client')).notifications[0]?.read_at).not.toBeNull();
    expect((await mine('client', { unread: 'true' })).notifications.map((n) => n.kind)).toEqual([
      'request_sent',
    ]);
    // Another person's ids change nothing of theirs.
    const agentsOwn = (await mine('agent')).notifications[0]!.id;
    await bo.call('markNotificationsRead', { body: { ids: [agentsOwn] }, session: sessions.client });
    expect((await mine('agent')).unread).toBe(1);
    // All at once.
    expect((await bo.call('markNotificationsRead', { body: {}, session: sessions.agent })).body).toEqual({
      unread: 0,
    });
  });

  it("tell the customer of each milestone of its orders, in the change's transaction", async () => {
    const order = await bo.backoffice.database
      .selectFrom('shipping_orders')
      .select(['id', 'name'])
      .where('partner_id', '=', partners.client)
      .where('status', '=', 'confirmed')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = (await mine('client')).total;
    await bo.call('createTrackingEvent', {
      body: {
        shipping_order_id: order.id,
        milestone: 'cargo_received',
        place: 'Shenzhen',
        event_time: new Date().toISOString(),
      },
      session: sessions.agent,
    });
    const { notifications, total } = await mine('client');
    expect(total).toBe(before + 1);
    expect(notifications[0]).toMatchObject({
      kind: 'order_milestone',
      record_type: 'order',
      record_id: order.id,
      params: { order: order.name, milestone: 'cargo_received' },
    });
    // A refused event (dated in the future) tells nobody.
    const refused = await bo.call('createTrackingEvent', {
      body: {
        shipping_order_id: order.id,
        milestone: 'departed_origin',
        place: 'Yantian',
        event_time: new Date(Date.now() + 86_400_000).toISOString(),
      },
      session: sessions.agent,
    });
    expect(refused.status).toBe(400);
    expect((await mine('client')).total).toBe(before + 1);
  });

  it("tell the customer of its loan's decision", async () => {
    const loan = await bo.backoffice.database
      .selectFrom('loans')
      .select(['id', 'name'])
      .where('partner_id', '=', partners.client)
      .where('state', '=', 'requested')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await bo.call('decideLoan', {
      params: { number: loan.name },
      body: { state: 'denied', note: 'Not now.' },
      session: sessions.agent,
    });
    expect((await mine('client')).notifications[0]).toMatchObject({
      kind: 'loan_denied',
      record_type: 'loan',
      record_id: loan.id,
      params: { loan: loan.name },
    });
  });
});
