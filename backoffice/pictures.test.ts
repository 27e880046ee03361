/**
 * Each person's own picture (GET, PUT and DELETE /users/{id}/picture): anyone signed in, staff too, keeps
 * one on their user; nobody reads or changes another person's (404, staff included); the user and the
 * profile tell its version; migration 0019 gives a customer's users the picture kept on its partner.
 * Runs on SQLite, and on PostgreSQL in the second pass (testing.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeUser, CONTACT_IMAGE_LIMIT, profile, userPicture, userPictureState } from '@contract';
import { openStore } from './data/database';
import { migrations } from './data/migrations';
import { createTestDatabase } from './data/test-engines';
import {
  DEMO_ACCOUNTS,
  signInDemoAccounts,
  startTestBackoffice,
  testEngine,
  type DemoAccount,
  type TestBackoffice,
  SAMPLE_IMAGES,
} from './testing';

type Who = DemoAccount;

let bo: TestBackoffice;
let sessions: Record<Who, string>;
let users: Record<Who, number>;

beforeAll(async () => {
  bo = await startTestBackoffice();
  ({ sessions, users } = await signInDemoAccounts(bo));
});
afterAll(async () => {
  await bo?.dispose();
});

const notFound = { error: 'Not found', code: 'not_found' };

const upload = (owner: number, image: Buffer, session: string) =>
  bo.call('updateUserPicture', { params: { id: owner }, body: { image: image.toString('base64') }, session });
const read = (owner: number, session: string) =>
  bo.call('getUserPicture', { params: { id: owner }, session });
const remove = (owner: number, session: string) =>
  bo.call('deleteUserPicture', { params: { id: owner }, session });

/** What the back office keeps of a user's picture, straight from the table. */
const stored = (who: Who) =>
  bo.backoffice.database
    .selectFrom('users')
    .select(['picture', 'picture_mimetype', 'picture_version'])
    .where('id', '=', users[who])
    .executeTakeFirstOrThrow();

async function versionOf(who: Who) {
  const login = await bo.call('login', { body: { email: `${who}@example.com`, password: 'demo1234' } });
  const me = profile.parse((await bo.call('getProfile', { session: sessions[who] })).body);
  const user = backofficeUser.parse(
    (await bo.call('getUser', { params: { id: users[who] }, session: sessions[who] })).body,
  );
  const signedIn = backofficeUser.parse(login.body);
  // The sign-in, the user and the profile say the same.
  expect(signedIn.picture_version).toBe(me.picture_version);
  expect(user.picture_version).toBe(me.picture_version);
  return me.picture_version;
}

describe('a person’s own picture', () => {
  it.each(DEMO_ACCOUNTS)('%s uploads, reads back, replaces and removes their own', async (who) => {
    expect(await versionOf(who)).toBeNull();
    expect(await read(users[who], sessions[who])).toMatchObject({ status: 404, body: notFound });

    const first = await upload(users[who], SAMPLE_IMAGES.png, sessions[who]);
    expect(first.status).toBe(200);
    const { picture_version: v1 } = userPictureState.parse(first.body);
    expect(v1).toBe(1);
    const got = userPicture.parse((await read(users[who], sessions[who])).body);
    expect(got).toEqual({ mimetype: 'image/png', data: SAMPLE_IMAGES.png.toString('base64'), version: 1 });
    expect(await versionOf(who)).toBe(1);

    const second = await upload(users[who], SAMPLE_IMAGES.jpeg, sessions[who]);
    expect(second.body).toEqual({ picture_version: 2 });
    expect(userPicture.parse((await read(users[who], sessions[who])).body)).toMatchObject({
      mimetype: 'image/jpeg',
      version: 2,
    });

    expect(await remove(users[who], sessions[who])).toMatchObject({
      status: 200,
      body: { picture_version: null },
    });
    expect(await read(users[who], sessions[who])).toMatchObject({ status: 404, body: notFound });
    expect(await versionOf(who)).toBeNull();
    // Removing again is no error; the next upload has a version never used before.
    expect((await remove(users[who], sessions[who])).status).toBe(200);
    expect((await upload(users[who], SAMPLE_IMAGES.webp, sessions[who])).body).toEqual({
      picture_version: 3,
    });
    expect(await versionOf(who)).toBe(3);
  });

  it('keeps each staff member’s apart, although they share the company’s partner', async () => {
    const { partners } = await signInDemoAccounts(bo);
    expect(partners.admin).toBe(partners.agent);
    await upload(users.admin, SAMPLE_IMAGES.png, sessions.admin);
    await upload(users.agent, SAMPLE_IMAGES.jpeg, sessions.agent);
    expect(userPicture.parse((await read(users.admin, sessions.admin)).body).mimetype).toBe('image/png');
    expect(userPicture.parse((await read(users.agent, sessions.agent)).body).mimetype).toBe('image/jpeg');
    // Nor is it the partner's contact image.
    const partner = await bo.backoffice.database
      .selectFrom('partners')
      .select('image')
      .where('id', '=', partners.admin)
      .executeTakeFirstOrThrow();
    expect(partner.image).toBeNull();
  });
});

describe('another person’s picture', () => {
  /** Asker and owner: customers between them, customers and staff, and staff between them. */
  const PAIRS: [Who, Who][] = [
    ['client2', 'client'],
    ['client', 'admin'],
    ['admin', 'client'],
    ['agent', 'client'],
    ['agent', 'admin'],
    ['admin', 'agent'],
  ];

  beforeAll(async () => {
    // Everyone has one, so that a refusal cannot be "they have none".
    for (const who of DEMO_ACCOUNTS) await upload(users[who], SAMPLE_IMAGES.png, sessions[who]);
  });

  it.each(PAIRS)('is not found for %s asking for %s’s: read, replaced or removed', async (asker, owner) => {
    const before = await stored(owner);
    expect(before.picture).not.toBeNull();
    for (const answer of [
      await read(users[owner], sessions[asker]),
      await upload(users[owner], SAMPLE_IMAGES.jpeg, sessions[asker]),
      await remove(users[owner], sessions[asker]),
    ]) {
      expect(answer).toMatchObject({ status: 404, body: notFound });
    }
    expect(await stored(owner)).toEqual(before);
  });

  it('is not found for an unknown person, and needs a session', async () => {
    expect(await read(999_999, sessions.admin)).toMatchObject({ status: 404, body: notFound });
    expect(await upload(999_999, SAMPLE_IMAGES.png, sessions.admin)).toMatchObject({ status: 404 });
    for (const answer of [
      await bo.call('getUserPicture', { params: { id: users.client } }),
      await bo.call('updateUserPicture', {
        params: { id: users.client },
        body: { image: SAMPLE_IMAGES.png.toString('base64') },
      }),
      await bo.call('deleteUserPicture', { params: { id: users.client } }),
    ]) {
      expect(answer.status).toBe(401);
    }
  });
});

describe('what is refused', () => {
  it('refuses what is not a PNG, JPEG or WebP by its bytes, whatever it claims, keeping the picture', async () => {
    await upload(users.agent, SAMPLE_IMAGES.png, sessions.agent);
    const before = await stored('agent');
    for (const image of [Buffer.from('%PDF-1.4\n'), Buffer.from('GIF89a'), Buffer.from('not a picture')]) {
      const answer = await upload(users.agent, image, sessions.agent);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'bad_request', issues: [{ path: 'image' }] });
    }
    const notBase64 = await bo.call('updateUserPicture', {
      params: { id: users.agent },
      body: { image: 'not base64!' },
      session: sessions.agent,
    });
    expect(notBase64.status).toBe(400);
    expect(await stored('agent')).toEqual(before);
  });

  it('takes a picture exactly at the limit, and refuses one byte more with 413', async () => {
    const atLimit = Buffer.alloc(CONTACT_IMAGE_LIMIT, 0x20);
    SAMPLE_IMAGES.png.copy(atLimit);
    expect((await upload(users.client2, atLimit, sessions.client2)).status).toBe(200);
    const before = await stored('client2');
    const over = Buffer.alloc(CONTACT_IMAGE_LIMIT + 1, 0x20);
    SAMPLE_IMAGES.jpeg.copy(over);
    const answer = await upload(users.client2, over, sessions.client2);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 'payload_too_large' });
    expect(await stored('client2')).toEqual(before);
  });
});

describe('migration 0019', () => {
  it('gives the users of a customer the picture kept on its partner, and staff none', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'backoffice-pictures-'));
    const database = testEngine() === 'postgres' ? await createTestDatabase() : null;
    try {
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0019'));
      const old = await openStore({ dataDir, databaseUrl: database?.url, migrations: before });
      const now = '2026-11-28T09:00:00.000Z';
      const partner = async (name: string, image: Buffer | null, isStaff: number) =>
        (
          await old.database
            .insertInto('partners')
            .values({
              name,
              referral_code: name.toUpperCase().slice(0, 8),
              created_at: now,
              is_staff: isStaff,
              image,
              image_mimetype: image ? 'image/png' : null,
            } as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const withPicture = await partner('pictured', SAMPLE_IMAGES.png, 0);
      const without = await partner('plain', null, 0);
      const staff = await partner('company', SAMPLE_IMAGES.png, 1);
      for (const [email, partnerId] of [
        ['a@example.com', withPicture],
        ['b@example.com', withPicture],
        ['c@example.com', without],
        ['d@example.com', staff],
      ] as const) {
        await old.database
          .insertInto('users')
          .values({
            email,
            password_hash: 'x',
            first_name: email,
            partner_id: partnerId,
            created_at: now,
          } as never)
          .execute();
      }
      await old.close();

      const store = await openStore({ dataDir, databaseUrl: database?.url });
      try {
        const rows = await store.database
          .selectFrom('users')
          .select(['email', 'picture', 'picture_mimetype', 'picture_version'])
          .orderBy('email')
          .execute();
        expect(
          rows.map((row) => ({ ...row, picture: row.picture && Buffer.from(row.picture).toString('hex') })),
        ).toEqual([
          {
            email: 'a@example.com',
            picture: SAMPLE_IMAGES.png.toString('hex'),
            picture_mimetype: 'image/png',
            picture_version: 1,
          },
          {
            email: 'b@example.com',
            picture: SAMPLE_IMAGES.png.toString('hex'),
            picture_mimetype: 'image/png',
            picture_version: 1,
          },
          { email: 'c@example.com', picture: null, picture_mimetype: null, picture_version: 0 },
          { email: 'd@example.com', picture: null, picture_mimetype: null, picture_version: 0 },
        ]);
      } finally {
        await store.close();
      }
    } finally {
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
