// The demo shop's URL state (search, sort, filters: spec sections 3–4, "Filters reset to All with sort
// newest") and its cart form, shared by the shop, product detail and cart screens.
import { z } from 'zod';
import { PRODUCT_COLORS } from '~/fixtures/products';
import { PRODUCT_GENDERS, type Product } from '~/fixtures/types';
import { formRecordId, plainText } from '~/services/input';

/** Products are priced in this currency (the sample data does not say; the template showed dollars). */
export const SHOP_CURRENCY = 'USD';

export const SHOP_PATH = '/apps/ecommerce/shop';
export const CART_PATH = '/apps/ecommerce/checkout';
export const detailPath = (id: number) => `/apps/ecommerce/detail/${id}`;

export const SHOP_SORTS = ['newest', 'priceHigh', 'priceLow', 'discounted'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

/** Each colour's name in the URL and in the translations (shop:colors.<name>), by its hex value. */
export const COLOR_NAMES: Record<(typeof PRODUCT_COLORS)[number], string> = {
  '#1A568F': 'blue',
  '#FC4B6C': 'red',
  '#FFAE1F': 'orange',
  '#13DEB9': 'turquoise',
  '#000000': 'black',
  '#FFFFFF': 'white',
};
export const colorName = (hex: string): string => COLOR_NAMES[hex as keyof typeof COLOR_NAMES] ?? hex;
export const SHOP_COLORS = PRODUCT_COLORS.map((hex) => ({ hex, name: COLOR_NAMES[hex] }));

/** Price bands on the price paid (salesPrice): [from, below). */
export const PRICE_BANDS = {
  '0-50': [0, 50],
  '50-100': [50, 100],
  '100-200': [100, 200],
  '200-up': [200, Number.POSITIVE_INFINITY],
} as const;
export type PriceBand = keyof typeof PRICE_BANDS;
export const PRICE_BAND_KEYS = Object.keys(PRICE_BANDS) as PriceBand[];

export const MIN_RATINGS = ['1', '2', '3', '4', '5'] as const;

const ALL = 'all';
type All = typeof ALL;
/** One of `values` or "all"; anything unknown in the URL falls back to "all" rather than failing. */
const allOr = <T extends string>(values: readonly T[]) =>
  z
    .string()
    .transform((value): T | All => ((values as readonly string[]).includes(value) ? (value as T) : ALL))
    .catch(ALL)
    .default(ALL);

export const shopParams = z.object({
  q: plainText(100).catch('').default(''),
  sort: z.enum(SHOP_SORTS).catch('newest').default('newest'),
  category: plainText(60)
    .catch(ALL)
    .default(ALL)
    .transform((value) => value || ALL),
  color: allOr(Object.values(COLOR_NAMES)),
  gender: allOr(PRODUCT_GENDERS),
  price: allOr(PRICE_BAND_KEYS),
  /** Empty: any rating; otherwise at least that many stars. */
  rating: z
    .enum(['', ...MIN_RATINGS])
    .catch('')
    .default(''),
});
export type ShopParams = z.infer<typeof shopParams>;

/** The list state in a request's query string, defaults for anything missing or unknown. */
export function shopParamsOf(request: Request): ShopParams {
  return shopParams.parse(Object.fromEntries(new URL(request.url).searchParams));
}

/** The categories the products have, in the order they first appear. */
export function categoriesOf(products: readonly Product[]): string[] {
  return [...new Set(products.flatMap((product) => product.category))];
}

/** The products the URL state asks for, sorted. */
export function filterProducts(products: readonly Product[], params: ShopParams): Product[] {
  const query = params.q.toLowerCase();
  const band = params.price === ALL ? null : PRICE_BANDS[params.price];
  const minRating = params.rating ? Number(params.rating) : 0;
  const matching = products.filter(
    (product) =>
      (!query || product.title.toLowerCase().includes(query)) &&
      (params.category === ALL || product.category.includes(params.category)) &&
      (params.color === ALL || product.colors.some((hex) => colorName(hex) === params.color)) &&
      (params.gender === ALL || product.gender === params.gender) &&
      (!band || (product.salesPrice >= band[0] && product.salesPrice < band[1])) &&
      product.rating >= minRating,
  );
  const newest = (a: Product, b: Product) => b.created.localeCompare(a.created);
  const order: Record<ShopSort, (a: Product, b: Product) => number> = {
    newest,
    priceHigh: (a, b) => b.salesPrice - a.salesPrice || newest(a, b),
    priceLow: (a, b) => a.salesPrice - b.salesPrice || newest(a, b),
    discounted: (a, b) => b.discount - a.discount || newest(a, b),
  };
  return matching.sort(order[params.sort]);
}

// ---- The cart form (shop, detail and cart screens) ----

export const CART_INTENTS = ['add', 'increase', 'decrease', 'remove'] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

export const cartSchema = z.object({
  intent: z.enum(CART_INTENTS),
  productId: formRecordId(),
});
