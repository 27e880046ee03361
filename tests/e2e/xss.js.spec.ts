// Script payloads typed into free-text fields (a request's description, a customer's contact details,
// a tracking note, a demo blog comment) are shown as text everywhere they appear — to the customer and
// to staff — and none runs: a headless browser watches for the marker each payload would set and for
// any dialog. (JavaScript on: a payload could only run with it.)
import { expect, test, type Page } from '@playwright/test';
import { AGENT, registerDirectly, switchTo, uniqueEmail } from './support';

const PAYLOADS = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss = 2">',
  '"><svg onload="window.__xss = 3">',
  "'-alert(4)-'",
  '<a href="javascript:window.__xss = 5">link</a>',
  '{{constructor.constructor("window.__xss = 6")()}}',
  '<iframe srcdoc="<script>parent.__xss = 7</script>"></iframe>',
];

async function expectInert(page: Page, path: string, shown: string) {
  await page.goto(path);
  await expect(page.getByText(shown, { exact: false }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), path).toBeUndefined();
  expect(await page.locator('svg[onload], img[onerror], iframe[srcdoc]').count(), path).toBe(0);
}

test('script payloads in free-text fields render as text and never run', async ({ page }, testInfo) => {
  test.slow();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const email = uniqueEmail(testInfo, 'xss');
  await registerDirectly(page, 'Xavier Script', email, 'a-long-password-5');
  const description = `XSS probe ${Date.now()} ${PAYLOADS.join(' ')}`;

  const sent = await page.request.post('/apps/request-for-shipping', {
    multipart: {
      category: 'electronics_accessories',
      containerType: 'full_container_load',
      origin: 'china',
      cbm: '3',
      description,
    },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(302);
  await expectInert(page, '/apps/send-client-requests', 'XSS probe');

  // Contact details: the customer's name, street and company carry payloads too.
  const saved = await page.request.post('/pages/account-settings', {
    form: {
      name: `Xavier ${PAYLOADS[1]}`,
      phone: '+971 4 000 0000',
      street: PAYLOADS[0]!,
      city: PAYLOADS[2]!,
      country: 'AE',
      companyName: PAYLOADS[6]!,
    },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(302);
  await expectInert(page, '/pages/account-settings', 'Xavier');

  // Demo blog comments.
  const posts = (await (await page.request.get('/api/data/blog/BlogPosts')).json()) as { id: number }[];
  const commented = await page.request.post('/api/data/blog/post/add', {
    data: { postId: posts[0]!.id, comment: PAYLOADS.join(' ') },
  });
  expect(commented.status()).toBe(200);

  // Staff see the same texts in their lists.
  await switchTo(page, AGENT.email);
  await expectInert(page, `/apps/client-service-requests?q=${encodeURIComponent('XSS probe')}`, 'XSS probe');
  await expectInert(page, `/apps/customers?q=${encodeURIComponent('Xavier')}`, 'Xavier');
  expect(dialogs).toEqual([]);
});
