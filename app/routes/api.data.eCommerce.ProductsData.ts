// GET /api/data/eCommerce/ProductsData (spec section 7): the shop's products, a bare array as the
// template's mock answered.
import { getOnly, listLoader } from '~/services/demo/api.server';

export const loader = listLoader('products', (state) => state.products);
export const action = getOnly;
