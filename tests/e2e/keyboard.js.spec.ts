// Two ways through the portal with the keyboard alone (JavaScript on). A customer: sign in, reach the
// service request form from the menu, skip to the main content, choose a service with the arrow keys,
// type, send, and find the request in the list. A warehouse agent: sign in, open the customer requests
// from the menu, search for one, write a note and approve it. Every element the keys land on must show
// where the focus is.
import { expect, test, type ElementHandle, type Locator, type Page } from '@playwright/test';
import {
  AGENT,
  CLIENT2,
  DEMO_PASSWORD,
  HOME,
  open,
  registerDirectly,
  signInAs,
  uniqueEmail,
  uniqueText,
} from './support';

interface Focus {
  /** The focused element, in words, for messages. */
  element: string;
  /** How it shows its focus; null when it does not, or when nothing in the page has the focus. */
  ring: string | null;
  /** Whether the body is active: the focus has left the page's elements (past the last one). */
  onBody: boolean;
  /** Whether the focused element is the one given. */
  isTarget: boolean;
}

/**
 * Where the focus is and how it shows: the element's own outline or box-shadow, or for a Joy text field,
 * the ring its wrapper draws (`::before`) around the native input. One round trip to the page.
 */
function focus(page: Page, target: ElementHandle | null = null): Promise<Focus> {
  return page.evaluate((wanted) => {
    const element = document.activeElement as HTMLElement | null;
    const text = (element?.textContent ?? '').trim().slice(0, 40);
    const described = element
      ? `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> "${text}"`
      : 'nothing';
    const onBody = !element || element === document.body;
    const isTarget = wanted !== null && element === wanted;
    if (onBody) return { element: described, ring: null, onBody, isTarget };
    const visible = (color: string) => color !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(color);
    const ringOf = (node: Element, pseudo: string | null) => {
      const style = getComputedStyle(node, pseudo);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && visible(style.outlineColor))
        return `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
      if (style.boxShadow && style.boxShadow !== 'none') return `box-shadow ${style.boxShadow}`;
      return null;
    };
    const wrapper = element.matches('input, textarea') ? element.closest('.ui-input, .ui-textarea') : null;
    const ring =
      ringOf(element, null) ?? ringOf(element, '::before') ?? (wrapper ? ringOf(wrapper, '::before') : null);
    return { element: described, ring, onBody, isTarget };
  }, target);
}

async function expectFocusShown(page: Page) {
  const { element, ring } = await focus(page);
  expect(ring, `a visible focus indicator on ${element}`).not.toBeNull();
}

/**
 * Presses `key` until `target` has the focus (at most `max` times), checking the focus indicator at each
 * stop. Past the last element the focus leaves the page (the body is active) and comes back at the first.
 */
async function pressUntilFocused(page: Page, key: 'Tab' | 'Shift+Tab', target: Locator, max = 40) {
  const handle = await target.elementHandle();
  const where = () => focus(page, handle);
  let now = await where();
  for (let presses = 0; presses < max && !now.isTarget; presses++) {
    await page.keyboard.press(key);
    now = await where();
    if (!now.onBody) expect(now.ring, `a visible focus indicator on ${now.element}`).not.toBeNull();
  }
  expect(now.isTarget, `${key} × ${max} reaches ${target.toString()}`).toBe(true);
  await handle.dispose();
}

test('a customer signs in and sends a request with the keyboard alone', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'keyboard');
  const password = 'keys-only-quay-4';
  await registerDirectly(page, 'Karim Keys', email, password);
  await page.context().clearCookies();

  // Sign in: the e-mail field has the focus when the page opens; Tab goes round the page back to it.
  await open(page, '/auth/login');
  const emailField = page.getByLabel('E-mail');
  await expect(emailField).toBeFocused();
  await expectFocusShown(page);
  await page.keyboard.press('Tab');
  await pressUntilFocused(page, 'Tab', emailField);
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await expectFocusShown(page);
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(HOME);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Karim Keys');

  // The first Tab on a page of the portal lands on the skip link, shown on screen.
  const skipLink = page.getByRole('link', { name: 'Skip to content' });
  await page.keyboard.press('Tab');
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();
  await expectFocusShown(page);

  // On through the menu to the service request form.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await pressUntilFocused(page, 'Tab', menu.getByRole('link', { name: 'Send a Request' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/apps/send-request-for-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Send a request for service' })).toBeVisible();

  // Back to the skip link, which moves the focus to the main content; the next Tab is in the form.
  await pressUntilFocused(page, 'Shift+Tab', skipLink);
  await expect(skipLink).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  const service = page.getByLabel('Service');
  await expect(service).toBeFocused();
  await expectFocusShown(page);

  // The arrow keys choose in a closed select, as in any native select.
  for (let presses = 0; presses < 5 && (await service.inputValue()) !== 'other'; presses++)
    await page.keyboard.press('ArrowDown');
  await expect(service).toHaveValue('other');
  await expect(service.locator('option:checked')).toHaveText('Other service');

  const description = uniqueText(testInfo, 'Bonded storage');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Description')).toBeFocused();
  await expectFocusShown(page);
  await page.keyboard.type(description);
  // Past the optional attachments to the button; Space presses it.
  const send = page.getByRole('button', { name: 'Send the request' });
  await pressUntilFocused(page, 'Tab', send, 3);
  await page.keyboard.press('Space');

  await expect(page).toHaveURL(/\/apps\/send-client-requests$/);
  await expect(page.getByRole('status').filter({ hasText: 'has been sent' })).toBeVisible();
  const row = page
    .getByRole('table', { name: 'My requests' })
    .getByRole('row')
    .filter({ hasText: description });
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Other service', exact: true })).toBeVisible();
});

test('a warehouse agent finds a customer request and approves it with the keyboard alone', async ({
  page,
}, testInfo) => {
  // The customer's request, sent without the form (the customer's own walk above sends one with keys).
  const description = uniqueText(testInfo, 'Keyboard review');
  await signInAs(page, CLIENT2.email);
  const sent = await page.request.post('/apps/request-for-shipping', {
    multipart: {
      category: 'furniture_home_decor',
      containerType: 'groupage',
      origin: 'china',
      cbm: '4',
      expectedRevenue: '0.0',
      description,
    },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(302);
  await page.context().clearCookies();

  // Sign in with the keys.
  await open(page, '/auth/login');
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await page.keyboard.type(AGENT.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await expectFocusShown(page);
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(HOME);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(AGENT.name);

  // Through the staff menu to the customer requests.
  const skipLink = page.getByRole('link', { name: 'Skip to content' });
  await page.keyboard.press('Tab');
  await expect(skipLink).toBeFocused();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await pressUntilFocused(page, 'Tab', menu.getByRole('link', { name: 'Customer Requests' }), 60);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/apps/client-service-requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer requests' })).toBeVisible();

  // Skip to the main content; the search box comes first; Enter searches.
  await pressUntilFocused(page, 'Shift+Tab', skipLink);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  const searchBox = page.getByRole('search').getByRole('searchbox', { name: 'Search' });
  await pressUntilFocused(page, 'Tab', searchBox, 3);
  await page.keyboard.type(description);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=Keyboard\+review/);
  const row = page.getByRole('row').filter({ hasText: description });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();

  // On to the request's review: a note, then Approve pressed with Enter.
  const review = row.getByRole('form', { name: /^Review request #\d+$/ });
  await pressUntilFocused(page, 'Tab', review.getByLabel('Note to the customer (needed to reject)'));
  const note = `Approved at the keyboard (${testInfo.project.name}).`;
  await page.keyboard.type(note);
  await pressUntilFocused(page, 'Tab', review.getByRole('button', { name: 'Approve' }), 2);
  await page.keyboard.press('Enter');
  // The second step takes the focus to its "Yes, approve", pressed with Enter too.
  await expect(row.getByRole('button', { name: 'Yes, approve' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('status').filter({ hasText: 'is now' })).toHaveText(
    /^Request #\d+ is now Approved\.$/,
  );
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();
  await expect(row).toContainText(note);
});
