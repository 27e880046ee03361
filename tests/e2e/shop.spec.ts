// The demo shop (JavaScript on and off): search, filter and sort the products in the URL and reset them;
// add products to the cart, change quantities, remove one and check the total; open a product's detail.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { CLIENT, open, registerDirectly, signInAs, uniqueEmail } from './support';

// Each change re-renders the whole product list; on a busy machine that outlasts the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });
test.slow();

const SHOP = '/apps/ecommerce/shop';

const shown = (page: Page) => page.getByRole('status').filter({ hasText: 'products shown' });
const productHeadings = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 });

test('search, filter and sort the shop, then reset the filters', async ({ page }) => {
  await signInAs(page, CLIENT.email);
  await open(page, SHOP);
  await expect(page).toHaveTitle('Shop · Harbour Freight');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  await expect(shown(page)).toHaveText('12 of 12 products shown');
  await expect(productHeadings(page)).toHaveCount(12);
  // Newest first by default; every product shows its rating and stock as text, its colours by name.
  await expect(productHeadings(page).first()).toHaveText('Rugged barcode scanner');
  const scanner = page.getByRole('article', { name: 'Rugged barcode scanner' });
  await expect(scanner).toContainText('Rated 4 out of 5');
  await expect(scanner).toContainText('In stock');
  await expect(scanner).toContainText('Black');
  await expect(scanner.getByRole('img', { name: 'Photo of Rugged barcode scanner' })).toBeVisible();

  await page.getByLabel('Search products').fill('cargo');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/[?&]q=cargo(&|$)/);
  await expect(shown(page)).toHaveText('2 of 12 products shown');
  await expect(productHeadings(page)).toHaveText(['Cargo ship wooden puzzle', 'Kids’ cargo truck']);

  await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
  await page.getByLabel('Gender', { exact: true }).selectOption({ label: 'Kids' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/sort=priceHigh/);
  await expect(page).toHaveURL(/gender=Kids/);
  // The truck ($25.20) costs more than the discounted puzzle ($24.00).
  await expect(productHeadings(page)).toHaveText(['Kids’ cargo truck', 'Cargo ship wooden puzzle']);
  await expect(page.getByLabel('Search products')).toHaveValue('cargo');
  await expect(page.getByLabel('Sort by')).toHaveValue('priceHigh');

  await page.getByLabel('Search products').fill('');
  await page.getByLabel('Gender', { exact: true }).selectOption({ label: 'All' });
  await page.getByLabel('Price', { exact: true }).selectOption({ label: '$200.00 and over' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No products match your search and filters.')).toBeVisible();
  await expect(productHeadings(page)).toHaveCount(0);

  await page.getByRole('link', { name: 'Reset filters' }).last().click();
  await expect(page).toHaveURL(SHOP);
  await expect(shown(page)).toHaveText('12 of 12 products shown');
  await expect(page.getByLabel('Sort by')).toHaveValue('newest');
  await expect(page.getByLabel('Price', { exact: true })).toHaveValue('all');
  await expect(page.getByLabel('Search products')).toHaveValue('');

  await page.getByLabel('Category').selectOption({ label: 'Toys' });
  await page.getByLabel('Rating').selectOption({ label: 'At least 5 stars' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(productHeadings(page)).toHaveText(['Kids’ cargo truck']);
  await page.getByRole('link', { name: 'Reset filters' }).click();
  await expect(page).toHaveURL(SHOP);
  await expect(page.getByLabel('Category')).toHaveValue('all');
  await expect(page.getByLabel('Rating')).toHaveValue('');
});

test('add two products, change quantities, remove one and check the total', async ({ page }, testInfo) => {
  await registerDirectly(page, 'Sami Shopper', uniqueEmail(testInfo, 'shop'), 'a-long-password-1');
  await open(page, `${SHOP}?sort=priceHigh`);
  await expect(page.getByRole('link', { name: 'Cart: 0 items' })).toBeVisible();

  await page.getByRole('button', { name: 'Add to cart: Rugged barcode scanner' }).click();
  await expect(page.getByText('“Rugged barcode scanner” was added to your cart.')).toBeVisible();
  // Back to the same list.
  await expect(page).toHaveURL(`${SHOP}?sort=priceHigh`);
  await expect(page.getByRole('link', { name: 'Cart: 1 item' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart: Insulated travel mug' }).click();
  await expect(page.getByText('“Insulated travel mug” was added to your cart.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart: 2 items' })).toBeVisible();
  // Out of stock cannot be added.
  const holder = page.getByRole('article', { name: 'Leather passport holder' });
  await expect(holder).toContainText('Out of stock');
  await expect(holder.getByRole('button', { name: 'Add to cart: Leather passport holder' })).toBeDisabled();

  await page.getByRole('link', { name: 'Cart: 2 items' }).click();
  await expect(page).toHaveURL('/apps/ecommerce/checkout');
  await expect(page).toHaveTitle('Your cart · Harbour Freight');
  const total = page.getByRole('status', { name: 'Cart total' });
  await expect(total).toHaveText('$194.10');

  const mug = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Insulated travel mug' }) });
  await expect(mug).toContainText('Unit price: $24.00');
  await expect(mug).toContainText('Quantity: 1');
  await expect(
    mug.getByRole('button', { name: 'Decrease the quantity of Insulated travel mug' }),
  ).toBeDisabled();
  await mug.getByRole('button', { name: 'Increase the quantity of Insulated travel mug' }).click();
  await expect(mug).toContainText('Quantity: 2');
  await expect(total).toHaveText('$218.10');
  await mug.getByRole('button', { name: 'Increase the quantity of Insulated travel mug' }).click();
  await expect(mug).toContainText('Quantity: 3');
  await expect(mug).toContainText('Total: $72.00');
  await expect(total).toHaveText('$242.10');
  await mug.getByRole('button', { name: 'Decrease the quantity of Insulated travel mug' }).click();
  await expect(mug).toContainText('Quantity: 2');
  await expect(total).toHaveText('$218.10');

  await page.getByRole('button', { name: 'Remove Rugged barcode scanner from the cart' }).click();
  await expect(page.getByRole('heading', { name: 'Rugged barcode scanner' })).toHaveCount(0);
  await expect(total).toHaveText('$48.00');
  await expect(page.getByText('2 items in your cart')).toBeVisible();

  await page.getByRole('button', { name: 'Remove Insulated travel mug from the cart' }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await page.getByRole('link', { name: 'Continue shopping' }).click();
  await expect(page).toHaveURL(SHOP);
});

test('open a product detail, add it to the cart and follow a related product', async ({ page }, testInfo) => {
  await registerDirectly(page, 'Dina Detail', uniqueEmail(testInfo, 'shopdetail'), 'a-long-password-1');
  await open(page, SHOP);
  await page.getByRole('link', { name: 'Running shoes', exact: true }).click();
  await expect(page).toHaveURL('/apps/ecommerce/detail/10');
  await expect(page).toHaveTitle('Running shoes · Harbour Freight');
  await expect(page.getByRole('heading', { level: 1, name: 'Running shoes' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Rated 4 out of 5');
  await expect(main).toContainText('In stock');
  await expect(main).toContainText('Sports, Fashion');
  await expect(main).toContainText('Women');
  await expect(main).toContainText('Turquoise');
  await expect(main).toContainText('Sep 11, 2026');
  await expect(main).toContainText('$81.60');
  await expect(main).toContainText('15% off');

  await page.getByRole('button', { name: 'Add to cart: Running shoes' }).click();
  await expect(page.getByText('“Running shoes” was added to your cart.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart: 1 item' })).toBeVisible();

  const related = page.getByRole('region', { name: 'Related products' });
  const first = related.getByRole('heading', { level: 3 }).first();
  const name = (await first.textContent())!;
  await first.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).not.toHaveURL('/apps/ecommerce/detail/10');

  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL(SHOP);

  const missing = await page.goto('/apps/ecommerce/detail/999');
  expect(missing?.status()).toBe(404);
});

// The portal's buttons carry the native `disabled` attribute from the server (app/components/ui/controls.tsx): without
// JavaScript too, a button shown as disabled takes no focus and no key, so it cannot submit its form.
test('a disabled button cannot be pressed or submit its form', async ({ page }, testInfo) => {
  await registerDirectly(page, 'Nabil Nopress', uniqueEmail(testInfo, 'shopdisabled'), 'a-long-password-1');
  await open(page, SHOP);
  const add = page.getByRole('button', { name: 'Add to cart: Leather passport holder' });
  await expect(add).toBeDisabled();

  // Pressing keys on the button: an enabled one would take the focus and post the form (and the page
  // would come back with the server's refusal).
  await add.press('Enter');
  await add.press('Space');
  await expect(add).not.toBeFocused();
  await expect(page).toHaveURL(SHOP);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // On the cart page, a single item cannot be made fewer.
  await page.getByRole('button', { name: 'Add to cart: Insulated travel mug' }).click();
  await expect(page.getByRole('link', { name: 'Cart: 1 item' })).toBeVisible();
  await open(page, '/apps/ecommerce/checkout');
  const decrease = page.getByRole('button', { name: 'Decrease the quantity of Insulated travel mug' });
  await expect(decrease).toBeDisabled();
  await decrease.press('Enter');
  await expect(decrease).not.toBeFocused();
  await expect(page).toHaveURL('/apps/ecommerce/checkout');
  await expect(page.getByRole('listitem').filter({ hasText: 'Insulated travel mug' })).toContainText(
    'Quantity: 1',
  );
});
