// The demo shop's loaders and actions, signed in against the reference back office: search, sort and
// filters from the URL and their reset, the cart's add / one more / one fewer / remove and its total,
// out-of-stock products refused, and 404 for what is not there.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import {
  args,
  formRequest,
  pageRequest,
  signInPortalAccounts,
  startPortalBackoffice,
  thrown,
  withParams,
  forgetDemoData,
} from '../../tests/unit/portal-server';
import { flashAfter } from '../../tests/unit/flash';

let reference: TestBackoffice;
let cookie: string;
let otherCookie: string;

beforeAll(async () => {
  reference = await startPortalBackoffice();
  const { cookies } = await signInPortalAccounts(reference);
  cookie = cookies.client;
  otherCookie = cookies.agent;
});
afterAll(() => reference.dispose());
beforeEach(() => forgetDemoData(reference));

const SHOP = '/apps/ecommerce/shop';
const CART = '/apps/ecommerce/checkout';

async function shop(query = '', as = cookie) {
  const { loader } = await import('./_portal.apps.ecommerce.shop');
  return loader(args(pageRequest(`${SHOP}${query}`, { cookie: as })));
}
const titles = async (query: string) => (await shop(query)).products.map((product) => product.title);

async function cart(as = cookie) {
  const { loader } = await import('./_portal.apps.ecommerce.checkout');
  return (await loader(args(pageRequest(CART, { cookie: as })))).cart;
}

/** Posts a cart change from `path` (the shop with its query, or the cart) as the client. */
async function post(path: string, fields: Record<string, string>) {
  const { action } = await import('./_portal.apps.ecommerce.checkout');
  const { action: shopAction } = await import('./_portal.apps.ecommerce.shop');
  const request = formRequest(path, fields, { cookie });
  return path.startsWith(SHOP) ? shopAction(args(request)) : action(args(request));
}

describe('the shop list', () => {
  it('sends an anonymous visitor to sign in', async () => {
    const { loader } = await import('./_portal.apps.ecommerce.shop');
    const answer = await thrown(() => loader(args(pageRequest(SHOP))));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/auth/login?redirectTo=%2Fapps%2Fecommerce%2Fshop');
  });

  it('shows every product, newest first, with All filters by default', async () => {
    const page = await shop();
    expect(page.title).toBe('Shop · Harbour Freight');
    expect(page.params).toEqual({
      q: '',
      sort: 'newest',
      category: 'all',
      color: 'all',
      gender: 'all',
      price: 'all',
      rating: '',
    });
    expect(page.products).toHaveLength(12);
    expect(page.total).toBe(12);
    expect(page.products[0]!.title).toBe('Rugged barcode scanner');
    const created = page.products.map((product) => product.created);
    expect(created).toEqual([...created].sort().reverse());
    expect(page.categories).toEqual(['electronics', 'kitchen', 'toys', 'fashion', 'books', 'sports', 'home']);
  });

  it('searches titles, case aside', async () => {
    expect(await titles('?q=MUG')).toEqual(['Insulated travel mug']);
    expect(await titles('?q=nothing-like-this')).toEqual([]);
  });

  it('sorts by price both ways and by discount', async () => {
    const high = (await shop('?sort=priceHigh')).products.map((product) => product.salesPrice);
    expect(high).toEqual([...high].sort((a, b) => b - a));
    expect(high[0]).toBe(170.1);
    const low = (await shop('?sort=priceLow')).products.map((product) => product.salesPrice);
    expect(low).toEqual([...low].sort((a, b) => a - b));
    const discounts = (await shop('?sort=discounted')).products.map((product) => product.discount);
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
    expect(discounts[0]).toBeGreaterThan(0);
    // Anything else: newest.
    expect((await shop('?sort=cheapest')).params.sort).toBe('newest');
  });

  it('filters by category, colour, gender, price and rating', async () => {
    expect(await titles('?category=toys')).toEqual(['Cargo ship wooden puzzle', 'Kids’ cargo truck']);
    // A product in two categories is found under each.
    expect(await titles('?category=sports')).toEqual(['Running shoes']);
    expect(await titles('?category=fashion')).toContain('Running shoes');
    for (const product of (await shop('?color=white')).products) expect(product.colors).toContain('#FFFFFF');
    expect((await shop('?color=white')).products.length).toBeGreaterThan(0);
    for (const product of (await shop('?gender=Kids')).products) expect(product.gender).toBe('Kids');
    for (const product of (await shop('?price=50-100')).products) {
      expect(product.salesPrice).toBeGreaterThanOrEqual(50);
      expect(product.salesPrice).toBeLessThan(100);
    }
    expect(await titles('?price=200-up')).toEqual([]);
    for (const product of (await shop('?rating=4')).products)
      expect(product.rating).toBeGreaterThanOrEqual(4);
    expect((await shop('?rating=5')).products.map((product) => product.rating)).toEqual([5, 5, 5]);
    // Filters combine.
    expect(await titles('?gender=Women&category=electronics&price=100-200')).toEqual([
      'Noise-cancelling headset',
    ]);
  });

  it('falls back to All for values it does not know, so a reset link (no query) means All and newest', async () => {
    const page = await shop('?category=spaceships&color=%23123456&gender=Aliens&price=free&rating=9');
    expect(page.params).toEqual((await shop('')).params);
    expect(page.products).toHaveLength(12);
  });
});

describe('the cart', () => {
  it('adds, counts one more and one fewer, removes, and totals at sales prices', async () => {
    const added = (await post(`${SHOP}?category=electronics&sort=priceLow`, {
      intent: 'add',
      productId: '1',
    })) as Response;
    // Back to the same list (its address unchanged), saying what was added.
    expect(added.status).toBe(302);
    expect(added.headers.get('Location')).toBe(`${SHOP}?category=electronics&sort=priceLow`);
    expect(await flashAfter(added)).toEqual({
      key: 'shop:shop.added',
      values: { title: 'Rugged barcode scanner' },
    });
    await post(SHOP, { intent: 'add', productId: '2' });
    await post(SHOP, { intent: 'add', productId: '2' });
    let now = await cart();
    expect(now.lines.map((line) => [line.product.id, line.qty])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(now.count).toBe(3);
    expect(now.total).toBeCloseTo(170.1 + 2 * 24, 2);
    expect((await shop()).cartCount).toBe(3);

    const more = (await post(CART, { intent: 'increase', productId: '1' })) as Response;
    expect(more.headers.get('Location')).toBe(CART);
    now = await cart();
    expect(now.lines[0]!.qty).toBe(2);
    expect(now.lines[0]!.lineTotal).toBeCloseTo(340.2, 2);
    expect(now.total).toBeCloseTo(2 * 170.1 + 2 * 24, 2);

    await post(CART, { intent: 'decrease', productId: '2' });
    expect((await cart()).lines[1]!.qty).toBe(1);

    const removed = (await post(CART, { intent: 'remove', productId: '1' })) as Response;
    expect(removed.status).toBe(302);
    now = await cart();
    expect(now.lines.map((line) => line.product.id)).toEqual([2]);
    expect(now.total).toBe(24);
    expect(now.count).toBe(1);
  });

  it('does not take the last one away with "one fewer": Remove does that', async () => {
    await post(SHOP, { intent: 'add', productId: '2' });
    const refused = (await post(CART, { intent: 'decrease', productId: '2' })) as unknown as {
      init: ResponseInit;
      data: { error: string; productId: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.productId).toBe(2);
    expect(refused.data.error).toContain('Remove');
    expect((await cart()).lines.map((line) => line.qty)).toEqual([1]);
  });

  it('refuses an out-of-stock product, in the user’s language', async () => {
    const { action } = await import('./_portal.apps.ecommerce.shop');
    const outOfStock = (await shop()).products.find((product) => !product.stock)!;
    const answer = (await action(
      args(formRequest(SHOP, { intent: 'add', productId: String(outOfStock.id) }, { cookie })),
    )) as unknown as { init: ResponseInit; data: { error: string; productId: number } };
    expect(answer.init.status).toBe(400);
    expect(answer.data).toEqual({
      error: `“${outOfStock.title}” is out of stock and cannot be added to your cart.`,
      productId: outOfStock.id,
    });
    const french = new Request(new URL(SHOP, 'http://127.0.0.1:3000'), {
      method: 'POST',
      body: new URLSearchParams({ intent: 'add', productId: String(outOfStock.id) }),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: cookie,
        'Accept-Language': 'fr',
      },
    });
    const inFrench = (await action(args(french))) as unknown as { data: { error: string } };
    expect(inFrench.data.error).toContain('rupture de stock');
    expect((await cart()).lines).toEqual([]);
  });

  it('refuses a form it does not understand with a 400 and a message', async () => {
    const forms: Record<string, string>[] = [
      {},
      { intent: 'add' },
      { intent: 'steal', productId: '1' },
      { intent: 'add', productId: 'x' },
    ];
    for (const fields of forms) {
      const answer = (await post(CART, fields)) as unknown as { init: ResponseInit; data: { error: string } };
      expect(answer.init.status).toBe(400);
      expect(answer.data.error).toMatch(/could not be understood/);
    }
    expect((await cart()).lines).toEqual([]);
  });

  it('keeps each user’s cart apart', async () => {
    await post(SHOP, { intent: 'add', productId: '3' });
    expect((await cart()).count).toBe(1);
    expect((await cart(otherCookie)).count).toBe(0);
  });

  it('answers 404 for a product that does not exist', async () => {
    const answer = await thrown(() => post(CART, { intent: 'add', productId: '999' }));
    expect(answer.status).toBe(404);
  });
});

describe('the product detail', () => {
  const detail = async (id: string) => {
    const { loader } = await import('./_portal.apps.ecommerce.detail.$id');
    return loader(withParams(pageRequest(`/apps/ecommerce/detail/${id}`, { cookie }), { id }));
  };

  it('shows the product and related products, never itself', async () => {
    const page = await detail('10');
    expect(page.title).toBe('Running shoes · Harbour Freight');
    expect(page.product).toMatchObject({ id: 10, gender: 'Women', category: ['sports', 'fashion'] });
    expect(page.related.length).toBeGreaterThan(0);
    expect(page.related.length).toBeLessThanOrEqual(4);
    expect(page.related.map((product) => product.id)).not.toContain(10);
    // Products sharing a category come first.
    expect(page.related[0]!.category).toContain('fashion');
  });

  it('adds to the cart and comes back to the same product', async () => {
    const { action } = await import('./_portal.apps.ecommerce.detail.$id');
    const answer = (await action(
      withParams(formRequest('/apps/ecommerce/detail/6', { intent: 'add', productId: '6' }, { cookie }), {
        id: '6',
      }),
    )) as Response;
    expect(answer.headers.get('Location')).toBe('/apps/ecommerce/detail/6');
    expect((await flashAfter(answer))?.key).toBe('shop:shop.added');
    expect((await cart()).lines.map((line) => line.product.id)).toEqual([6]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['999', '0', 'abc', '1.5']) {
      expect((await thrown(() => detail(id))).status, id).toBe(404);
    }
  });
});
