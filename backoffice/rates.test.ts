import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indicativePrice, rate, ratesAnswer } from '@contract';
import { signInDemoAccounts, startTestBackoffice, type DemoAccount, type TestBackoffice } from './testing';

let bo: TestBackoffice;
const sessions: Record<DemoAccount, string> = { admin: '', agent: '', client: '', client2: '' };

beforeAll(async () => {
  bo = await startTestBackoffice();
  Object.assign(sessions, (await signInDemoAccounts(bo)).sessions);
});
afterAll(async () => {
  await bo?.dispose();
});

const lane = { origin: 'vietnam', destination: 'alexandria', container_type: 'groupage' } as const;
const body = (overrides: Record<string, unknown> = {}) => ({
  ...lane,
  price: 72.5,
  minimum: 400,
  currency: 'USD',
  valid_from: '2030-01-01',
  valid_to: '2030-06-30',
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}) {
  const result = await bo.call('createRate', { body: body(overrides), session: sessions.admin });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return rate.parse(result.body);
}

async function price(query: Record<string, string | number>, who: DemoAccount = 'client') {
  return bo.call('indicativePrice', { query: { ...lane, ...query }, session: sessions[who] });
}

describe('the rate table', () => {
  it('keeps a rate per lane and period, priced per CBM for groupage', async () => {
    const created = await create();
    expect(created).toMatchObject({ ...lane, price: 72.5, minimum: 400, basis: 'cbm' });
    const listed = ratesAnswer.parse(
      (await bo.call('listRates', { query: { origin: 'vietnam' }, session: sessions.agent })).body,
    );
    expect(listed.rates.map((listedRate) => listedRate.id)).toContain(created.id);
  });

  it('refuses a period that overlaps another of the same lane, on create and on change', async () => {
    const first = await create({ destination: 'dammam', valid_from: '2031-01-01', valid_to: '2031-03-31' });
    const overlapping = await bo.call('createRate', {
      body: body({ destination: 'dammam', valid_from: '2031-03-31', valid_to: '2031-05-31' }),
      session: sessions.admin,
    });
    expect(overlapping).toMatchObject({
      status: 409,
      body: { code: 'conflict', issues: [{ path: 'valid_from' }] },
    });
    // The day after is free; moving the first onto it is not.
    const second = await create({ destination: 'dammam', valid_from: '2031-04-01', valid_to: '2031-05-31' });
    const moved = await bo.call('updateRate', {
      params: { id: first.id },
      body: body({ destination: 'dammam', valid_from: '2031-01-01', valid_to: '2031-04-15' }),
      session: sessions.admin,
    });
    expect(moved.status).toBe(409);
    // Its own period may change.
    const kept = await bo.call('updateRate', {
      params: { id: second.id },
      body: body({ destination: 'dammam', valid_from: '2031-04-01', valid_to: '2031-07-31', price: 70 }),
      session: sessions.admin,
    });
    expect(kept.status).toBe(200);
    expect(rate.parse(kept.body)).toMatchObject({ price: 70, valid_to: '2031-07-31' });
  });

  it('refuses an end before the start, and is changed by an administrator only', async () => {
    const backwards = await bo.call('createRate', {
      body: body({ valid_from: '2032-02-01', valid_to: '2032-01-01' }),
      session: sessions.admin,
    });
    expect(backwards).toMatchObject({ status: 400, body: { issues: [{ path: 'valid_to' }] } });
    for (const who of ['agent', 'client'] as const) {
      const refused = await bo.call('createRate', {
        body: body({ valid_from: '2033-01-01', valid_to: '2033-01-31' }),
        session: sessions[who],
      });
      expect(refused.status, who).toBe(403);
    }
    expect((await bo.call('listRates', { session: sessions.client })).status).toBe(403);
    const gone = await create({ destination: 'nansha' });
    expect((await bo.call('deleteRate', { params: { id: gone.id }, session: sessions.agent })).status).toBe(
      403,
    );
    expect((await bo.call('deleteRate', { params: { id: gone.id }, session: sessions.admin })).status).toBe(
      200,
    );
    expect((await bo.call('deleteRate', { params: { id: gone.id }, session: sessions.admin })).status).toBe(
      404,
    );
  });
});

describe('the indicative price', () => {
  it('is the CBM times the rate, never below the minimum, from the rate valid on the day', async () => {
    await create({ destination: 'port_said', valid_from: '2034-01-01', valid_to: '2034-12-31' });
    const large = await price({ destination: 'port_said', cbm: 14, date: '2034-06-01' });
    expect(indicativePrice.parse(large.body)).toMatchObject({
      price: 1015,
      currency: 'USD',
      basis: 'cbm',
      quantity: 14,
      unit_price: 72.5,
      minimum_applied: false,
    });
    const small = await price({ destination: 'port_said', cbm: 2, date: '2034-06-01' });
    expect(indicativePrice.parse(small.body)).toMatchObject({ price: 400, minimum_applied: true });
    const outside = await price({ destination: 'port_said', cbm: 14, date: '2035-01-01' });
    expect(outside).toMatchObject({ status: 404 });
  });

  it('counts whole containers of 67 CBM for a full load', async () => {
    await create({
      origin: 'india',
      destination: 'jebel_ali',
      container_type: 'full_container_load',
      price: 2400,
      minimum: 0,
      valid_from: '2034-01-01',
      valid_to: '2034-12-31',
    });
    const full = await price({
      origin: 'india',
      destination: 'jebel_ali',
      container_type: 'full_container_load',
      cbm: 70,
      date: '2034-03-01',
    });
    expect(indicativePrice.parse(full.body)).toMatchObject({ price: 4800, basis: 'container', quantity: 2 });
  });

  it('comes from the demo rates for their lanes today', async () => {
    const seeded = await price({ destination: 'port_said', cbm: 10 });
    expect(indicativePrice.parse(seeded.body)).toMatchObject({ price: 780, currency: 'USD', basis: 'cbm' });
  });

  it('is not found for a lane without a rate', async () => {
    const none = await price({ origin: 'dubai', destination: 'nansha', cbm: 5 });
    expect(none).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });
});
