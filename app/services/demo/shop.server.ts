// The demo shop's server side, shared by its three screens (shop, product detail, cart): the signed-in
// user's products and cart, and the one cart action (add, one more, one fewer, remove) that posts back
// to the page it came from.
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import { cartSchema } from '~/forms/shop';
import type { Product } from '~/fixtures/types';
import { pageTools } from '~/services/page.server';
import {
  addToCart,
  cartTotal,
  changeCartQuantity,
  DEMO_LIMITS,
  DemoNotFound,
  type DemoState,
  removeFromCart,
} from './store.server';
import { redirectWithFlash } from '../flash.server';
import { backTo, backToPath, demoChange, demoUser } from './screen.server';
import { readForm } from '../form-body.server';

export interface CartView {
  lines: { product: Product; qty: number; lineTotal: number }[];
  /** Items in the cart, counting each unit. */
  count: number;
  total: number;
  maxQuantity: number;
}

export function cartView(state: DemoState): CartView {
  const lines = state.cart.flatMap((line) => {
    const product = state.products.find((candidate) => candidate.id === line.id);
    return product ? [{ product, qty: line.qty, lineTotal: product.salesPrice * line.qty }] : [];
  });
  return {
    lines,
    count: lines.reduce((sum, line) => sum + line.qty, 0),
    total: cartTotal(state),
    maxQuantity: DEMO_LIMITS.quantity,
  };
}

/** What a refused cart change answers: the message in the user's language, and which product. */
export interface CartRefusal {
  error: string;
  productId: number | null;
}

/**
 * The cart forms of every shop screen. Success redirects back to the same URL (list state kept), with a
 * message naming the product after an addition; a refusal comes back with a 400 and a message.
 * Out-of-stock products are refused here (the store itself accepts them, as the /api/data mock did).
 * One fewer at quantity 1 is refused too: the cart's "Remove" button takes a line away.
 */
export async function cartAction(request: Request, screen: string) {
  const signedIn = await demoUser(request, screen);
  const { t } = await pageTools(request, 'shop');
  const refuse = (error: string, productId: number | null = null) =>
    data<CartRefusal>({ error, productId }, { status: 400 });
  const submission = parseWithZod(await readForm(request), { schema: cartSchema });
  if (submission.status !== 'success') return refuse(t('errors.invalid'));
  const { intent, productId } = submission.value;
  return demoChange(signedIn, async (state) => {
    const product = state.products.find((candidate) => candidate.id === productId);
    if (!product) throw new Response('Not found', { status: 404 });
    try {
      switch (intent) {
        case 'add':
          if (!product.stock) return refuse(t('errors.outOfStock', { title: product.title }), productId);
          addToCart(state, productId);
          return await redirectWithFlash(request, backToPath(request), {
            key: 'shop:shop.added',
            values: { title: product.title },
          });
        case 'increase':
          changeCartQuantity(state, productId, 1);
          break;
        case 'decrease':
          if (state.cart.find((line) => line.id === productId)?.qty === 1)
            return refuse(t('errors.lastOne', { title: product.title }), productId);
          changeCartQuantity(state, productId, -1);
          break;
        case 'remove':
          removeFromCart(state, productId);
          break;
      }
    } catch (error) {
      if (error instanceof DemoNotFound)
        return refuse(t('errors.notInCart', { title: product.title }), productId);
      if (error instanceof RangeError) return refuse(t('errors.cartFull'), productId);
      throw error;
    }
    return backTo(request);
  });
}
