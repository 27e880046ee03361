// The back office refuses malformed input in any request with 400, whoever sends it: text with control
// characters (a NUL byte first of all) and numbers that are not plain decimals within bounds, since it
// checks every request with the contract (app/services/input.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorAnswer } from '@contract';
import { signInDemoAccounts, startTestBackoffice, type DemoAccount, type TestBackoffice } from './testing';

let bo: TestBackoffice;
let sessions: Record<DemoAccount, string>;
let partners: Record<DemoAccount, number>;

beforeAll(async () => {
  bo = await startTestBackoffice();
  ({ sessions, partners } = await signInDemoAccounts(bo));
});
afterAll(async () => {
  await bo?.dispose();
});

const requestCount = async () =>
  (
    await bo.backoffice.database
      .selectFrom('shipping_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

const request = (extra: Record<string, unknown> = {}) => ({
  partner_id: partners.client,
  email_from: 'client@example.com',
  name: 'footwear',
  description: 'Category: footwear\nContainer type: Groupage\tOrigin: Vietnam',
  expected_revenue: 640.5,
  ...extra,
});

/** The 400's issues as `path: message`. */
function issuesOf(body: unknown): string[] {
  const answer = errorAnswer.parse(body);
  expect(answer.code).toBe('bad_request');
  return (answer.issues ?? []).map((issue) => `${issue.path}: ${issue.message}`);
}

describe('malformed input', () => {
  it('refuses a body with a NUL byte with 400, storing nothing', async () => {
    const before = await requestCount();
    const result = await bo.call('createShippingRequest', {
      body: request({ name: 'foot\u0000wear' }),
      session: sessions.client,
    });
    expect(result.status).toBe(400);
    expect(issuesOf(result.body)).toEqual(['name: validation.controlCharacters']);
    const bell = await bo.call('updateProfile', {
      body: { first_name: 'Layla\u0007', last_name: 'Mansour' },
      session: sessions.client,
    });
    expect(bell.status).toBe(400);
    expect(issuesOf(bell.body)).toEqual(['first_name: validation.controlCharacters']);
    expect(await requestCount()).toBe(before);
  });

  it('takes new lines and tabs in a description, and text in every script', async () => {
    const result = await bo.call('createShippingRequest', {
      body: request({ name: 'أحذية 鞋' }),
      session: sessions.client,
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
  });

  it('refuses numbers that are not plain decimals within bounds', async () => {
    const before = await requestCount();
    const tiny = await bo.call('createShippingRequest', {
      body: request({ expected_revenue: 1e-300 }),
      session: sessions.client,
    });
    expect(tiny.status).toBe(400);
    expect(issuesOf(tiny.body)).toEqual(['expected_revenue: validation.decimals|{"max":2}']);
    const text = await bo.call('createShippingRequest', {
      body: request({ expected_revenue: '640' }),
      session: sessions.client,
    });
    expect(text.status).toBe(400);
    for (const limit of ['0x10', '1e3', ' 16 ', 'Infinity']) {
      const list = await bo.call('listShippingRequests', { query: { limit }, session: sessions.agent });
      expect(list.status, limit).toBe(400);
    }
    const hexId = await bo.call('getShippingRequest', { params: { id: '0x1' }, session: sessions.agent });
    expect(hexId.status).toBe(400);
    expect(await requestCount()).toBe(before);
    // Plain digits still read.
    const list = await bo.call('listShippingRequests', { query: { limit: '16' }, session: sessions.agent });
    expect(list.status).toBe(200);
  });
});
