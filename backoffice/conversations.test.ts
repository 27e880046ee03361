// Conversations on records (ADR 057): the customer asks on its order, staff answer and keep an internal
// note the customer never gets (the list, the conversations and the notifications); each side's unread
// count follows and reading clears it; another customer's record, a draft invoice and a customer's
// internal note are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationsAnswer, messagesAnswer, notificationsAnswer, type MessageRecord } from '@contract';
import { startTestBackoffice, signInDemoAccounts, type DemoAccount, type TestBackoffice } from './testing';
import { demoPdf } from './pdf';

let bo: TestBackoffice;
const sessions: Record<DemoAccount, string> = { admin: '', agent: '', client: '', client2: '' };
const partners: Record<DemoAccount, number> = { admin: 0, agent: 0, client: 0, client2: 0 };

beforeAll(async () => {
  // A small storage quota, to meet it with message files.
  bo = await startTestBackoffice({ storageQuotaBytes: 64 * 1024 * 1024 });
  const demo = await signInDemoAccounts(bo);
  Object.assign(sessions, demo.sessions);
  Object.assign(partners, demo.partners);
});
afterAll(async () => {
  await bo?.dispose();
});

/** The id of one of the customer's records of this kind (a draft or not, as asked). */
async function recordOf(table: 'shipping_orders' | 'loans' | 'invoices', partner: number, where = {}) {
  let query = bo.backoffice.database.selectFrom(table).select('id').where('partner_id', '=', partner);
  for (const [column, value] of Object.entries(where))
    query = query.where(column as 'id', '=', value as never);
  return (await query.orderBy('id').executeTakeFirstOrThrow()).id;
}

const post = (who: DemoAccount, type: MessageRecord, id: number, body: string, internal = false) =>
  bo.call('postMessage', {
    params: { record_type: type, id },
    body: { body, internal },
    session: sessions[who],
  });

async function read(who: DemoAccount, type: MessageRecord, id: number) {
  const result = await bo.call('listMessages', { params: { record_type: type, id }, session: sessions[who] });
  expect(result.status).toBe(200);
  return messagesAnswer.parse(result.body);
}

async function conversations(who: DemoAccount, unread = false) {
  const result = await bo.call('listConversations', {
    query: unread ? { unread: 'true' } : {},
    session: sessions[who],
  });
  expect(result.status).toBe(200);
  return conversationsAnswer.parse(result.body);
}

async function notifications(who: DemoAccount) {
  const result = await bo.call('listNotifications', { query: {}, session: sessions[who] });
  return notificationsAnswer.parse(result.body);
}

describe('conversations', () => {
  it('carry a question and its answer; internal notes stay with staff; unread counts follow', async () => {
    const order = await recordOf('shipping_orders', partners.client);
    expect((await post('client', 'order', order, 'When does it leave Shenzhen?')).status).toBe(200);

    // Staff see one unread message, in the list and on the record, and are notified.
    expect((await conversations('agent', true)).unread).toBe(1);
    expect((await notifications('admin')).notifications[0]).toMatchObject({
      kind: 'message_received',
      record_type: 'order',
      record_id: order,
    });
    const seen = await read('agent', 'order', order);
    expect(seen.unread).toBe(1);
    expect(seen.messages).toEqual([
      expect.objectContaining({
        body: 'When does it leave Shenzhen?',
        by_staff: false,
        mine: false,
        internal: false,
      }),
    ]);
    expect((await conversations('agent', true)).conversations).toEqual([]);
    // Reading is each person's: the administrator has not read it yet.
    expect((await conversations('admin')).unread).toBe(1);

    // An internal note and an answer.
    expect((await post('agent', 'order', order, 'Booked on the 12th; check the seal.', true)).status).toBe(
      200,
    );
    expect((await post('agent', 'order', order, 'It leaves on the 12th.')).status).toBe(200);

    const client = await read('client', 'order', order);
    expect(client.unread).toBe(1);
    expect(client.messages.map((message) => message.body)).toEqual([
      'When does it leave Shenzhen?',
      'It leaves on the 12th.',
    ]);
    expect(client.messages[0]).toMatchObject({ mine: true, by_staff: false });
    expect(client.messages[1]).toMatchObject({ mine: false, by_staff: true });
    // The note reaches the customer by no other way: not in its conversations, not in its notifications.
    const listed = await conversations('client');
    expect(listed.conversations).toEqual([
      expect.objectContaining({
        record_type: 'order',
        record_id: order,
        messages: 2,
        unread: 0,
        last_message: expect.objectContaining({ body: 'It leaves on the 12th.' }),
      }),
    ]);
    expect(JSON.stringify(listed)).not.toContain('check the seal');
    const told = (await notifications('client')).notifications.filter((n) => n.kind === 'message_received');
    expect(told).toHaveLength(1);
    // Staff see all three, the note marked.
    const staff = await read('admin', 'order', order);
    expect(staff.messages.map((message) => message.internal)).toEqual([false, true, false]);
    expect(staff.unread).toBe(3);
    expect((await conversations('admin')).unread).toBe(0);
  });

  it("refuse another customer's record, a draft invoice, a customer's internal note and an empty message", async () => {
    const theirs = await recordOf('shipping_orders', partners.client2);
    expect((await post('client', 'order', theirs, 'Hello')).status).toBe(404);
    expect(
      (
        await bo.call('listMessages', {
          params: { record_type: 'order', id: theirs },
          session: sessions.client,
        })
      ).status,
    ).toBe(404);
    const loan = await recordOf('loans', partners.client2);
    expect((await post('client', 'loan', loan, 'Hello')).status).toBe(404);
    const draft = await recordOf('invoices', partners.client, { state: 'draft' }).catch(() => null);
    if (draft !== null) expect((await post('client', 'invoice', draft, 'Hello')).status).toBe(404);
    const own = await recordOf('loans', partners.client);
    expect((await post('client', 'loan', own, 'Between us', true)).status).toBe(403);
    expect((await post('client', 'loan', own, '   ')).status).toBe(400);
    expect((await post('client', 'loan', 999_999, 'Hello')).status).toBe(404);
    // Nothing was written by the refusals.
    expect((await read('admin', 'loan', own)).messages).toEqual([]);
  });

  it('carry files by the request upload rules; an internal note’s stay with staff; the quota counts them', async () => {
    const order = await recordOf('shipping_orders', partners.client);
    const pdf = demoPdf(['Packing list']).toString('base64');
    const sent = await bo.call('postMessage', {
      params: { record_type: 'order', id: order },
      body: { body: 'Here is the packing list', attachments: [{ filename: 'packing.pdf', data: pdf }] },
      session: sessions.client,
    });
    expect(sent.status).toBe(200);
    const file = (sent.body as { attachments: { id: number; filename: string; size: number }[] })
      .attachments[0]!;
    expect(file).toMatchObject({ filename: 'packing.pdf', size: Buffer.from(pdf, 'base64').length });
    // On the conversation, for both sides; the file itself for whoever may read the message.
    const listed = (await read('agent', 'order', order)).messages.find(
      (m) => m.body === 'Here is the packing list',
    );
    expect(listed?.attachments).toEqual([expect.objectContaining({ id: file.id, filename: 'packing.pdf' })]);
    const get = (who: DemoAccount, id: number, attachment: number, type: MessageRecord = 'order') =>
      bo.call('getMessageAttachment', {
        params: { record_type: type, id, attachment_id: attachment },
        session: sessions[who],
      });
    for (const who of ['client', 'agent', 'admin'] as const) {
      expect(await get(who, order, file.id)).toMatchObject({ status: 200, body: { data: pdf } });
    }
    // Another customer, or the file asked for under another record: not found.
    expect((await get('client2', order, file.id)).status).toBe(404);
    const loan = await recordOf('loans', partners.client);
    expect((await get('client', loan, file.id, 'loan')).status).toBe(404);

    // An internal note's file: staff's only.
    const note = await bo.call('postMessage', {
      params: { record_type: 'order', id: order },
      body: { body: 'Checked the list', internal: true, attachments: [{ filename: 'check.pdf', data: pdf }] },
      session: sessions.agent,
    });
    const noteFile = (note.body as { attachments: { id: number }[] }).attachments[0]!.id;
    expect((await get('admin', order, noteFile)).status).toBe(200);
    expect((await get('client', order, noteFile)).status).toBe(404);

    // A file that is not what its name says, a type not allowed: refused, nothing written.
    const before = (await read('agent', 'order', order)).messages.length;
    const fake = await bo.call('postMessage', {
      params: { record_type: 'order', id: order },
      body: {
        body: 'Fake',
        attachments: [{ filename: 'fake.pdf', data: Buffer.from('not a pdf').toString('base64') }],
      },
      session: sessions.client,
    });
    expect(fake.status).toBe(400);
    const exe = await bo.call('postMessage', {
      params: { record_type: 'order', id: order },
      body: { body: 'Program', attachments: [{ filename: 'run.exe', data: pdf }] },
      session: sessions.client,
    });
    expect(exe.status).toBe(400);
    expect((await read('agent', 'order', order)).messages.length).toBe(before);

    // Past the customer's quota (its requests' and messages' files together): 413, nothing written.
    const big = Buffer.concat([Buffer.from(demoPdf(['Big'])), Buffer.alloc(9 * 1024 * 1024)]).toString(
      'base64',
    );
    const many = Array.from({ length: 5 }, (_, index) => ({ filename: `big-${index}.pdf`, data: big }));
    let status = 200;
    for (let round = 0; round < 3 && status === 200; round += 1) {
      status = (
        await bo.call('postMessage', {
          params: { record_type: 'order', id: order },
          body: { body: `Big files ${round}`, attachments: many },
          session: sessions.client,
        })
      ).status;
    }
    expect(status).toBe(413);
  });

  it('write one message for a message sent twice with the same key', async () => {
    const loan = await recordOf('loans', partners.client);
    const send = () =>
      bo.call('postMessage', {
        params: { record_type: 'loan', id: loan },
        body: { body: 'Sent twice, kept once' },
        session: sessions.client,
        headers: { 'Idempotency-Key': 'message-twice-0123456789' },
      });
    const [first, second] = [await send(), await send()];
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const kept = (await read('admin', 'loan', loan)).messages.filter(
      (m) => m.body === 'Sent twice, kept once',
    );
    expect(kept).toHaveLength(1);
  });

  it('work on each kind of record the customer may see', async () => {
    const request = (
      await bo.call('createShippingRequest', {
        body: {
          partner_id: partners.client2,
          email_from: 'client2@example.com',
          name: 'Other Service',
          description: 'Ask me',
          service: 'other',
        },
        session: sessions.client2,
      })
    ).body as { id: number };
    const invoice = await recordOf('invoices', partners.client2, { state: 'posted' });
    const loan = await recordOf('loans', partners.client2);
    for (const [type, id] of [
      ['request', request.id],
      ['invoice', invoice],
      ['loan', loan],
    ] as const) {
      expect((await post('client2', type, id, `About this ${type}`)).status, type).toBe(200);
      expect((await read('agent', type, id)).messages[0]?.body).toBe(`About this ${type}`);
    }
    const names = (await conversations('client2')).conversations.map((c) => c.record_type);
    expect(names).toEqual(['loan', 'invoice', 'request']);
  });
});
