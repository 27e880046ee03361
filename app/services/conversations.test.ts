// A message written from a record's page (ADR 057), at the request level: it goes on the page's own
// record; another customer's record answers 404 and a customer's internal note 403, with nothing
// written; a refused form comes back with what was typed; the customer's page never carries an
// internal note.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import {
  formRequest,
  pageRequest,
  signInPortalAccounts,
  startPortalBackoffice,
  thrown,
  withParams,
  type PortalAccount,
} from '../../tests/unit/portal-server';

let reference: TestBackoffice;
let cookies: Record<PortalAccount, string>;
let partners: Record<PortalAccount, number>;
let orderPage: typeof import('../routes/_portal.apps.shipping-details.$id');

beforeAll(async () => {
  reference = await startPortalBackoffice();
  ({ cookies, partners } = await signInPortalAccounts(reference));
  orderPage = await import('../routes/_portal.apps.shipping-details.$id');
});
afterAll(() => reference.dispose());

async function orderOf(who: PortalAccount) {
  const row = await reference.backoffice.database
    .selectFrom('shipping_orders')
    .select('id')
    .where('partner_id', '=', partners[who])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

const messagesOn = async (id: string) =>
  reference.backoffice.database
    .selectFrom('messages')
    .select(['body', 'internal'])
    .where('record_type', '=', 'order')
    .where('record_id', '=', Number(id))
    .orderBy('id')
    .execute();

const post = (who: PortalAccount, id: string, fields: Record<string, string>) =>
  orderPage.action(
    withParams(
      formRequest(`/apps/shipping-details/${id}`, { intent: 'message', ...fields }, { cookie: cookies[who] }),
      { id },
    ),
  );

describe('a message from an order page', () => {
  it("goes on the page's order, and back to it with a word that it was sent", async () => {
    const id = await orderOf('client');
    const answer = (await post('client', id, { body: 'Is the seal number known?' })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe(`/apps/shipping-details/${id}#conversation`);
    expect(await messagesOn(id)).toEqual([{ body: 'Is the seal number known?', internal: 0 }]);
  });

  it("answers 404 on another customer's order and 403 for a customer's internal note, writing nothing", async () => {
    const theirs = await orderOf('client2');
    expect((await thrown(() => post('client', theirs, { body: 'Hello' }))).status).toBe(404);
    expect(await messagesOn(theirs)).toEqual([]);
    const mine = await orderOf('client');
    const before = await messagesOn(mine);
    expect((await thrown(() => post('client', mine, { body: 'Between us', internal: 'on' }))).status).toBe(
      403,
    );
    expect(await messagesOn(mine)).toEqual(before);
  });

  it('comes back with what was typed when it is refused', async () => {
    const id = await orderOf('client');
    const long = 'x'.repeat(4001);
    const answer = (await post('client', id, { body: long })) as unknown as {
      data: { kind: string; result: { initialValue: { body: string }; error: Record<string, string[]> } };
      init: { status: number };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.kind).toBe('message');
    expect(answer.data.result.initialValue.body).toBe(long);
    expect(answer.data.result.error.body).toEqual(['validation.tooLong']);
  });

  it("keeps staff's internal note off the customer's page", async () => {
    const id = await orderOf('client');
    const noted = (await post('agent', id, { body: 'Customs hold likely', internal: 'on' })) as Response;
    expect(noted.status).toBe(302);
    const load = async (who: PortalAccount) =>
      (await orderPage.loader(
        withParams(pageRequest(`/apps/shipping-details/${id}`, { cookie: cookies[who] }), { id }),
      )) as unknown as { conversation: { value: { messages: { body: string }[] } } };
    const bodies = async (who: PortalAccount) =>
      (await load(who)).conversation.value.messages.map((message) => message.body);
    expect(await bodies('agent')).toContain('Customs hold likely');
    expect(await bodies('client')).not.toContain('Customs hold likely');
  });
});
