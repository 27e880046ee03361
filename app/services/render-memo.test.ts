// The render memo (render-memo.server.ts): which inputs make a page, and what is kept of it.
import { describe, expect, it, vi } from 'vitest';
import { createRenderMemo, renderKey, type RenderInputs } from './render-memo.server';

const MINUTE = 60_000;
const inputs = (changes: Partial<RenderInputs> = {}): RenderInputs => ({
  url: 'http://127.0.0.1:3000/apps/loans?page=2',
  language: 'en',
  dir: 'ltr',
  statusCode: 200,
  loaderData: {
    root: { language: 'en', appearance: { mode: 'light' } },
    'routes/_portal': { user: { name: 'Layla Mansour', role: 'client' } },
    'routes/_portal.apps.loans._index': { loans: [{ id: 1, amount: 1000, due: '2026-12-01' }], total: 1 },
  },
  actionData: null,
  errors: null,
  now: 100 * MINUTE + 5_000,
  ...changes,
});

const withLoans = (loans: unknown) =>
  inputs({
    loaderData: { ...inputs().loaderData, 'routes/_portal.apps.loans._index': { loans, total: 1 } },
  });

describe('renderKey', () => {
  it('is the same for the same inputs within a minute, and for data built anew', () => {
    expect(renderKey(inputs())).not.toBeNull();
    expect(renderKey(inputs())).toBe(renderKey(inputs({ now: 100 * MINUTE + 59_000 })));
  });

  it('changes with anything the page is rendered from', () => {
    const key = renderKey(inputs());
    const others = [
      inputs({ url: 'http://127.0.0.1:3000/apps/loans?page=3' }),
      inputs({ language: 'fr' }),
      inputs({ dir: 'rtl' }),
      inputs({ now: 101 * MINUTE }),
      withLoans([{ id: 1, amount: 1001, due: '2026-12-01' }]),
      withLoans([{ id: 1, amount: '1000', due: '2026-12-01' }]),
      withLoans([{ id: 1, amount: 0, due: '2026-12-01' }]),
      withLoans([{ id: 1, amount: -0, due: '2026-12-01' }]),
      withLoans([{ id: 1, amount: 1000n, due: '2026-12-01' }]),
      withLoans([{ id: 1, amount: 1000, due: new Date('2026-12-01') }]),
      withLoans([{ amount: 1000, id: 1, due: '2026-12-01' }]),
      withLoans([{ id: 1, amount: 1000, due: '2026-12-01', note: undefined }]),
      withLoans([{ id: 1, amount: 1000, due: '2026-12-01' }, null]),
      withLoans([]),
      inputs({ loaderData: { ...inputs().loaderData, 'routes/_portal': { user: { name: 'Chen Wei' } } } }),
    ].map(renderKey);
    for (const other of others) {
      expect(other).not.toBeNull();
      expect(other).not.toBe(key);
    }
    expect(new Set(others).size).toBe(others.length);
  });

  it('tells text that looks like structure apart from structure', () => {
    expect(renderKey(withLoans(['a","b']))).not.toBe(renderKey(withLoans(['a', 'b'])));
    expect(renderKey(withLoans([[1, 2]]))).not.toBe(renderKey(withLoans(['[1,2]'])));
    expect(renderKey(withLoans(['s1:a', 'b']))).not.toBe(renderKey(withLoans(['s1:as1:b'])));
    expect(renderKey(withLoans([{ 'id=1,1:amount': 2 }]))).not.toBe(
      renderKey(withLoans([{ id: 1, amount: 2 }])),
    );
  });

  it('is null for a page that must be rendered', () => {
    expect(renderKey(inputs({ statusCode: 404 }))).toBeNull();
    expect(renderKey(inputs({ actionData: { 'routes/x': { ok: true } } }))).toBeNull();
    expect(renderKey(inputs({ errors: { 'routes/x': new Error('down') } }))).toBeNull();
    // Deferred data, class instances and functions are not described by their fields.
    expect(renderKey(withLoans(Promise.resolve([])))).toBeNull();
    expect(renderKey(withLoans(new Map([[1, 2]])))).toBeNull();
    expect(renderKey(withLoans(new URL('http://127.0.0.1/')))).toBeNull();
    expect(renderKey(withLoans(() => 1))).toBeNull();
    expect(renderKey(withLoans([Symbol('x')]))).toBeNull();
    // A message left by an action is shown once.
    const root = { ...inputs().loaderData.root!, flash: { key: 'finance:decision.approved' } };
    expect(renderKey(inputs({ loaderData: { ...inputs().loaderData, root } }))).toBeNull();
  });

  it('takes empty action data and errors as none', () => {
    expect(renderKey(inputs({ actionData: {}, errors: {} }))).toBe(renderKey(inputs()));
  });
});

describe('createRenderMemo', () => {
  const page = (nonce: string) =>
    `<html><head><script nonce="${nonce}">a</script></head><body><style nonce="${nonce}"></style></body></html>`;

  it('gives a kept page again with the new request’s nonce in every place', () => {
    const memo = createRenderMemo();
    memo.set('k', page('first+nonce=='), 'first+nonce==');
    expect(memo.get('k', 'second/nonce==')?.toString()).toBe(page('second/nonce=='));
    expect(memo.get('other', 'x')).toBeUndefined();
  });

  it('gives the page’s UTF-8 bytes to send, kept or not', () => {
    const memo = createRenderMemo({ maxBytes: 1000 });
    const arabic = `${page('n1')}<p>مرحبا</p>`;
    expect(Buffer.from(memo.set('k', arabic, 'n1')).toString('utf8')).toBe(arabic);
    expect(Buffer.from(memo.set('none', page(''), '')).toString('utf8')).toBe(page(''));
    const big = `${page('n1')}${'x'.repeat(1000)}`;
    expect(Buffer.from(memo.set('big', big, 'n1')).toString('utf8')).toBe(big);
    expect(memo.size()).toBe(1);
  });

  it('keeps text in any script as it was, the nonce only replaced', () => {
    const memo = createRenderMemo();
    const arabic = (nonce: string) =>
      `<html lang="ar"><title>الشحنات · 货运</title><script nonce="${nonce}"></script>`;
    memo.set('ar', arabic('abc'), 'abc');
    expect(memo.get('ar', 'ëñ')?.toString()).toBe(arabic('ëñ'));
  });

  it('keeps nothing rendered without a nonce, or larger than it may hold', () => {
    const memo = createRenderMemo({ maxBytes: 1000 });
    memo.set('none', page(''), '');
    memo.set('big', `${page('n1')}${'x'.repeat(1000)}`, 'n1');
    expect(memo.size()).toBe(0);
  });

  it('drops the least recently used page when full', () => {
    const memo = createRenderMemo({ maxBytes: 3 * page('n1').length });
    memo.set('a', page('n1'), 'n1');
    memo.set('b', page('n1'), 'n1');
    memo.set('c', page('n1'), 'n1');
    expect(memo.get('a', 'n2')).toBeDefined();
    memo.set('d', page('n1'), 'n1');
    expect(memo.get('b', 'n2')).toBeUndefined();
    for (const key of ['a', 'c', 'd']) expect(memo.get(key, 'n2')).toBeDefined();
  });

  it('drops pages older than their time, not only leaves them unused', async () => {
    const memo = createRenderMemo({ maxAgeMs: 50 });
    memo.set('a', page('n1'), 'n1');
    memo.set('b', page('n1'), 'n1');
    // Dropped by the memo's own sweep, however late a loaded machine runs it.
    await vi.waitFor(() => expect(memo.size()).toBe(0), { timeout: 5_000, interval: 20 });
    expect(memo.get('a', 'n2')).toBeUndefined();
  });
});
