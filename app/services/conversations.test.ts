// A message written from a record's page (ADR 057), at the request level: it goes on the page's own
// record; another customer's record answers 404 and a customer's internal note 403, with nothing
// written; a refused form comes back with what was typed; the customer's page never carries an
// internal note. Files come with a message by the request upload rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import { demoPdf } from '../../backoffice/pdf';
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

/** The message form as a browser sends it with files (multipart). */
const postWithFiles = (
  who: PortalAccount,
  id: string,
  body: string,
  files: { name: string; data: Buffer }[],
) => {
  const form = new FormData();
  form.set('intent', 'message');
  form.set('body', body);
  for (const file of files) form.append('attachments', new Blob([new Uint8Array(file.data)]), file.name);
  return orderPage.action(
    withParams(
      new Request(`http://127.0.0.1:3000/apps/shipping-details/${id}`, {
        method: 'POST',
        body: form,
        headers: { Cookie: cookies[who] },
      }),
      { id },
    ),
  );
};

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

  it('carries its files, by the request upload rules; a refused file brings the form back as typed', async () => {
    const id = await orderOf('client');
    const pdf = demoPdf(['Packing list']);
    const sent = (await postWithFiles('client', id, 'The packing list', [
      { name: 'packing.pdf', data: pdf },
    ])) as Response;
    expect(sent.status).toBe(302);
    const stored = await reference.backoffice.database
      .selectFrom('message_attachments as a')
      .innerJoin('messages as m', 'm.id', 'a.message_id')
      .select(['a.filename', 'a.size'])
      .where('m.body', '=', 'The packing list')
      .execute();
    expect(stored).toEqual([{ filename: 'packing.pdf', size: pdf.length }]);

    // A type the rules refuse: nothing sent, the words come back.
    const refused = (await postWithFiles('client', id, 'A program', [
      { name: 'run.exe', data: Buffer.from('MZ') },
    ])) as unknown as {
      data: { result: { initialValue: { body: string }; error: Record<string, string[]> } };
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.initialValue.body).toBe('A program');
    expect(refused.data.result.error.attachments?.[0]).toContain('requests:upload.fileType');
    // Content that is not what its name says: the back office refuses it, said under the files.
    const fake = (await postWithFiles('client', id, 'Fake', [
      { name: 'fake.pdf', data: Buffer.from('not a pdf') },
    ])) as unknown as { data: { result: { error: Record<string, string[]> } }; init: { status: number } };
    expect(fake.init.status).toBe(400);
    expect(fake.data.result.error.attachments).toEqual(['requests:upload.contentMismatch']);
    expect((await messagesOn(id)).map((message) => message.body)).not.toContain('Fake');

    // Another customer's order: 404, with files as without.
    const theirs = await orderOf('client2');
    expect(
      (await thrown(() => postWithFiles('client', theirs, 'Hello', [{ name: 'p.pdf', data: pdf }]))).status,
    ).toBe(404);
  });
});
