import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_IMAGE_LIMIT, contactDetails, contactImage, okAnswer, type ContactDetails } from '@contract';
import { demoPdf } from './pdf';
import {
  startTestBackoffice,
  type CallOptions,
  type TestBackoffice,
  signInDemoAccounts,
  type DemoAccount,
  SAMPLE_IMAGES,
} from './testing';

type Who = DemoAccount;

let bo: TestBackoffice;
const sessions: Record<Who, string> = { admin: '', agent: '', client: '', client2: '' };
const users: Record<Who, number> = { admin: 0, agent: 0, client: 0, client2: 0 };
const partners: Record<Who, number> = { admin: 0, agent: 0, client: 0, client2: 0 };

beforeAll(async () => {
  bo = await startTestBackoffice();
  const demo = await signInDemoAccounts(bo);
  Object.assign(sessions, demo.sessions);
  Object.assign(partners, demo.partners);
  Object.assign(users, demo.users);
});
afterAll(async () => {
  await bo?.dispose();
});

const notFound = { error: 'Not found', code: 'not_found' };

async function contactOf(who: Who): Promise<ContactDetails> {
  const result = await bo.call('getContactDetails', {
    query: { user_id: users[who] },
    session: sessions.admin,
  });
  expect(result.status).toBe(200);
  return contactDetails.parse(result.body);
}

async function update(partnerId: number, body: CallOptions['body'], session: string) {
  return bo.call('updateContactDetails', { query: { partner_id: partnerId }, body, session });
}

async function upload(partnerId: number, image: Buffer | string, session: string) {
  const data = typeof image === 'string' ? image : image.toString('base64');
  return bo.call('updateContactImage', { query: { partner_id: partnerId }, body: { image: data }, session });
}

describe('POST /update_contact_details', () => {
  it("updates a client's own contact and answers it, trimmed, with the rest unchanged", async () => {
    const before = await contactOf('client');
    const result = await update(
      partners.client,
      {
        name: '  Nile Star Trading & Logistics ',
        phone: '+20 2 2735 9999',
        street: '21 Corniche El Nil',
        city: 'Cairo',
        country: 'Egypt',
        company_name: 'Nile Star Trading LLC',
      },
      sessions.client,
    );
    expect(result.status).toBe(200);
    const contact = contactDetails.parse(result.body);
    expect(contact).toEqual({
      ...before,
      name: 'Nile Star Trading & Logistics',
      phone: '+20227359999',
      street: '21 Corniche El Nil',
      has_image: false,
    });
    expect(await contactOf('client')).toEqual(contact);
  });

  it('clears an optional field sent empty, blank, null or not at all', async () => {
    const result = await update(
      partners.client2,
      { name: 'Jade Harbor Imports', phone: '', street: '   ', city: null, company_name: 'Jade Harbor Co.' },
      sessions.client2,
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      name: 'Jade Harbor Imports',
      email: 'client2@example.com',
      phone: null,
      street: null,
      city: null,
      country: null,
      company_name: 'Jade Harbor Co.',
    });
    expect(await contactOf('client2')).toEqual(result.body);
    const row = await bo.backoffice.database
      .selectFrom('partners')
      .select(['phone', 'street', 'city', 'country'])
      .where('id', '=', partners.client2)
      .executeTakeFirst();
    expect(row).toEqual({ phone: null, street: null, city: null, country: null });
  });

  it("answers 404 to a client updating another customer's, the staff's or an unknown partner", async () => {
    const before = await contactOf('client2');
    for (const partnerId of [partners.client2, partners.admin, 99999]) {
      const result = await update(partnerId, { name: 'Taken over' }, sessions.client);
      expect(result.status, String(partnerId)).toBe(404);
      expect(result.body).toEqual(notFound);
    }
    expect(await contactOf('client2')).toEqual(before);
    expect((await contactOf('admin')).name).toBe('Harbour Freight Staff');
  });

  it("lets staff update any customer's contact, but not the staff's own partner or an unknown one", async () => {
    const result = await update(
      partners.client2,
      { name: 'Jade Harbor Imports', city: 'Guangzhou', country: 'China' },
      sessions.agent,
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ partner_id: partners.client2, city: 'Guangzhou', phone: null });
    for (const partnerId of [partners.agent, 99999]) {
      const refused = await update(partnerId, { name: 'Harbour Freight' }, sessions.admin);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual(notFound);
    }
  });

  it('refuses a missing name and a missing or malformed partner_id with issues', async () => {
    const noName = await update(partners.client, { name: '  ', phone: '+20 2 2735 9999' }, sessions.client);
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ code: 'bad_request', issues: [{ path: 'name' }] });
    const queries: Record<string, string | number>[] = [{}, { partner_id: 'x' }];
    for (const query of queries) {
      const result = await bo.call('updateContactDetails', {
        query,
        body: { name: 'Nile Star Trading' },
        session: sessions.client,
      });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ issues: [{ path: 'partner_id' }] });
    }
    const anonymous = await bo.call('updateContactDetails', {
      query: { partner_id: partners.client },
      body: { name: 'Nobody' },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('the contact image', () => {
  it('answers 404 while a customer has none', async () => {
    const result = await bo.call('getContactImage', {
      query: { partner_id: partners.client2 },
      session: sessions.client2,
    });
    expect(result.status).toBe(404);
    expect(result.body).toEqual(notFound);
    expect((await contactOf('client2')).has_image).toBe(false);
  });

  it('stores a PNG, JPEG or WebP and gives it back byte for byte, with its type', async () => {
    for (const [type, data] of Object.entries(SAMPLE_IMAGES)) {
      const stored = await upload(partners.client, data, sessions.client);
      expect(stored.status, type).toBe(200);
      expect(okAnswer.parse(stored.body)).toEqual({ status: 'success' });
      const result = await bo.call('getContactImage', {
        query: { partner_id: partners.client },
        session: sessions.client,
      });
      expect(result.status).toBe(200);
      const image = contactImage.parse(result.body);
      expect(image.mimetype).toBe(`image/${type}`);
      expect(Buffer.from(image.data, 'base64').equals(data)).toBe(true);
    }
    expect((await contactOf('client')).has_image).toBe(true);
    const updated = await update(partners.client, { name: 'Nile Star Trading' }, sessions.client);
    expect(updated.body).toMatchObject({ has_image: true });
    // The user's profile_image stays what it was: no image data in the session.
    const login = await bo.call('login', { body: { email: 'client@example.com', password: 'demo1234' } });
    expect(login.body).toMatchObject({ profile_image: null });
  });

  it('takes an image exactly at the limit, and refuses one byte more with 413', async () => {
    const atLimit = Buffer.alloc(CONTACT_IMAGE_LIMIT, 0x20);
    SAMPLE_IMAGES.png.copy(atLimit);
    expect((await upload(partners.client2, atLimit, sessions.client2)).status).toBe(200);

    const over = Buffer.alloc(CONTACT_IMAGE_LIMIT + 1, 0x20);
    SAMPLE_IMAGES.jpeg.copy(over);
    const result = await upload(partners.client2, over, sessions.client2);
    expect(result.status).toBe(413);
    expect(result.body).toEqual({
      error: `The image is larger than ${CONTACT_IMAGE_LIMIT} bytes`,
      code: 'payload_too_large',
    });
    const kept = contactImage.parse(
      (
        await bo.call('getContactImage', {
          query: { partner_id: partners.client2 },
          session: sessions.client2,
        })
      ).body,
    );
    expect(kept.mimetype).toBe('image/png');
    expect(Buffer.from(kept.data, 'base64').equals(atLimit)).toBe(true);
  });

  it('refuses content that is not a PNG, JPEG or WebP with an issue on image, keeping the old one', async () => {
    const image = () =>
      bo.backoffice.database
        .selectFrom('partners')
        .select(['image', 'image_mimetype'])
        .where('id', '=', partners.client)
        .executeTakeFirst();
    const before = await image();
    const wrong: [string, Buffer | string][] = [
      ['pdf', demoPdf(['Not a picture'])],
      ['gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
      ['riff wave', Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1')],
      ['text', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      ['png cut short', SAMPLE_IMAGES.png.subarray(0, 4)],
      ['bits left over', 'iVBORw0KGgp='],
    ];
    for (const [what, data] of wrong) {
      const result = await upload(partners.client, data, sessions.client);
      expect(result.status, what).toBe(400);
      expect(result.body).toEqual({
        error: 'The request is invalid',
        code: 'bad_request',
        issues: [{ path: 'image', message: 'The image must be a PNG, JPEG or WebP file' }],
      });
    }
    const notBase64 = await upload(partners.client, 'data:image/png;base64,iVBORw0KGgo=', sessions.client);
    expect(notBase64.status).toBe(400);
    expect(notBase64.body).toMatchObject({ issues: [{ path: 'image' }] });
    expect(await image()).toEqual(before);
  });

  it('refuses a body over the 3 MB of the contract', async () => {
    const result = await upload(partners.client, Buffer.alloc(2.4 * 1024 * 1024, 0x20), sessions.client);
    expect(result.status).toBe(413);
    expect(result.body).toEqual({
      error: `The body is larger than ${3 * 1024 * 1024} bytes`,
      code: 'payload_too_large',
    });
  });

  it("answers 404 to a client reading or replacing another customer's image", async () => {
    const before = await bo.call('getContactImage', {
      query: { partner_id: partners.client2 },
      session: sessions.client2,
    });
    for (const partnerId of [partners.client2, partners.admin, 99999]) {
      const read = await bo.call('getContactImage', {
        query: { partner_id: partnerId },
        session: sessions.client,
      });
      expect(read.status, String(partnerId)).toBe(404);
      expect(read.body).toEqual(notFound);
      const write = await upload(partnerId, SAMPLE_IMAGES.webp, sessions.client);
      expect(write.status, String(partnerId)).toBe(404);
      expect(write.body).toEqual(notFound);
    }
    const after = await bo.call('getContactImage', {
      query: { partner_id: partners.client2 },
      session: sessions.client2,
    });
    expect(after.body).toEqual(before.body);
  });

  it("lets staff read and replace a customer's image, but not the staff partner's", async () => {
    expect((await upload(partners.client2, SAMPLE_IMAGES.jpeg, sessions.agent)).status).toBe(200);
    const read = await bo.call('getContactImage', {
      query: { partner_id: partners.client2 },
      session: sessions.admin,
    });
    expect(contactImage.parse(read.body).mimetype).toBe('image/jpeg');
    for (const call of ['getContactImage', 'updateContactImage'] as const) {
      const result = await bo.call(call, {
        query: { partner_id: partners.admin },
        body: call === 'updateContactImage' ? { image: SAMPLE_IMAGES.png.toString('base64') } : undefined,
        session: sessions.admin,
      });
      expect(result.status, call).toBe(404);
    }
  });
});
