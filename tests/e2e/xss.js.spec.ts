// Script payloads typed into free-text fields are shown as text everywhere they appear — to the customer
// and to staff — and none runs: a headless browser opens each page where a field is shown, lets React
// take over the page, and watches for the marker each payload would set, for elements a payload would
// create and for any dialog. (JavaScript on: a payload could only run with it.) The forms are posted
// as the browser would post them, without typing, to keep the tests short.
import { expect, test, type Page } from '@playwright/test';
import { AGENT, open, registerDirectly, switchTo, uniqueEmail, uniqueText } from './support';

const PAYLOADS = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss = 2">',
  '"><svg onload="window.__xss = 3">',
  "'-alert(4)-'",
  '<a href="javascript:window.__xss = 5">link</a>',
  '{{constructor.constructor("window.__xss = 6")()}}',
  '<iframe srcdoc="<script>parent.__xss = 7</script>"></iframe>',
];
const ALL = PAYLOADS.join(' ');
const PASSWORD = 'a-long-password-5';

// Each test has a customer of its own: they may share the two workers.
test.describe.configure({ mode: 'parallel' });

/** Collects the dialogs the page opens (a payload's alert), dismissing them. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/** Opens `path`, waits until React has taken the page over, and checks that nothing in it ran. */
async function expectInert(page: Page, path: string, shown: string) {
  const response = await open(page, path);
  expect(response?.status(), path).toBe(200);
  await expect(page.getByText(shown, { exact: false }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), path).toBeUndefined();
  expect(
    await page.locator('svg[onload], img[onerror], iframe[srcdoc], a[href^="javascript:"]').count(),
    path,
  ).toBe(0);
}

type Fields = Record<string, string>;

/** Posts a form as the page's browser would and expects the action's redirect; answers where it leads. */
async function post(page: Page, path: string, fields: Fields, as: 'form' | 'multipart' = 'form') {
  const response = await page.request.post(path, {
    ...(as === 'form' ? { form: fields } : { multipart: fields }),
    maxRedirects: 0,
  });
  expect(response.status(), `POST ${path}`).toBe(302);
  return response.headers()['location']!;
}

/** The list a form went back to, searching for `text`. */
function searching(location: string, text: string): string {
  const url = new URL(location, 'http://portal');
  url.searchParams.set('q', text);
  return `${url.pathname}${url.search}`;
}

/** The blog's slug of a title (the detail route finds a post by it): lower case, hyphens, word characters. */
function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/ /g, '-')
    .replace(/[^\w-]/g, '');
}

test('script payloads in a request, contact details and a blog comment render as text and never run', async ({
  page,
}, testInfo) => {
  test.slow();
  const dialogs = watchDialogs(page);
  const email = uniqueEmail(testInfo, 'xss');
  await registerDirectly(page, 'Xavier Script', email, PASSWORD);
  const description = `XSS probe ${Date.now()} ${ALL}`;

  await post(
    page,
    '/apps/request-for-shipping',
    {
      category: 'electronics_accessories',
      containerType: 'full_container_load',
      origin: 'china',
      cbm: '3',
      description,
    },
    'multipart',
  );
  await expectInert(page, '/apps/send-client-requests', 'XSS probe');

  // Contact details: the customer's name, street and company carry payloads too.
  await post(page, '/pages/account-settings/contact', {
    name: `Xavier ${PAYLOADS[1]}`,
    phone: '+971 4 000 0000',
    street: PAYLOADS[0]!,
    city: PAYLOADS[2]!,
    country: 'AE',
    companyName: PAYLOADS[6]!,
  });
  await expectInert(page, '/pages/account-settings', 'Xavier');

  // Demo blog comments, shown under the post (found by its title's slug).
  const posts = (await (await page.request.get('/api/data/blog/BlogPosts')).json()) as {
    id: number;
    title: string;
  }[];
  const commented = await page.request.post('/api/data/blog/post/add', {
    data: { postId: posts[0]!.id, comment: `Blog remark ${ALL}` },
  });
  expect(commented.status()).toBe(200);
  await expectInert(page, `/apps/blog/detail/${slugOf(posts[0]!.title)}`, 'Blog remark');

  // Staff see the same texts in their lists.
  await switchTo(page, AGENT.email);
  await expectInert(page, `/apps/client-service-requests?q=${encodeURIComponent('XSS probe')}`, 'XSS probe');
  await expectInert(page, `/apps/customers?q=${encodeURIComponent('Xavier')}`, 'Xavier');
  expect(dialogs).toEqual([]);
});

test('script payloads in the profile feed, chat, notes and contacts render as text and never run', async ({
  page,
}, testInfo) => {
  test.slow();
  const dialogs = watchDialogs(page);
  await registerDirectly(page, 'Yara Script', uniqueEmail(testInfo, 'xss-demo'), PASSWORD);

  // A comment under the first feed post, and a reply to it.
  const feed = async () =>
    (await (await page.request.get('/api/data/postData')).json()) as {
      id: string;
      data: { comments: { id: string; data: { comment: string } }[] };
    }[];
  const postId = (await feed())[0]!.id;
  await post(page, '/user-profile', { intent: 'comment', postId, comment: `Feed remark ${ALL}` });
  const comment = (await feed())
    .find((one) => one.id === postId)!
    .data.comments.find((one) => one.data.comment.startsWith('Feed remark'))!;
  await post(page, '/user-profile', {
    intent: 'reply',
    postId,
    commentId: comment.id,
    reply: `Feed answer ${ALL}`,
  });
  await expectInert(page, '/user-profile', 'Feed remark');
  await expect(page.getByText('Feed answer', { exact: false }).first()).toBeVisible();

  // A chat message (and the chat list's excerpt of it).
  const chats = (await (await page.request.get('/api/data/chat/ChatData')).json()) as { id: number }[];
  const chat = `/apps/chats?chat=${chats[0]!.id}`;
  await post(page, chat, { message: `Chat line ${ALL}` });
  await expectInert(page, chat, 'Chat line');

  // A note: its title in the list and in the form that edits it.
  const note = await post(page, '/apps/notes', { intent: 'add', title: `Note title ${ALL}`, color: 'info' });
  await expectInert(page, note, 'Note title');

  // A contact, added and then changed: every text field carries a payload.
  const contact = {
    firstname: `Cora ${PAYLOADS[0]}`,
    lastname: PAYLOADS[1]!,
    department: PAYLOADS[2]!,
    company: PAYLOADS[4]!,
    phone: PAYLOADS[3]!,
    email: 'cora@example.com',
    address: PAYLOADS[6]!,
    notes: `Contact notes ${ALL}`,
  };
  const added = await post(page, '/apps/contacts', { intent: 'add', ...contact });
  const id = new URL(added, 'http://portal').searchParams.get('id')!;
  await expectInert(page, added, 'Contact notes');
  await post(page, `/apps/contacts?id=${id}&edit=1`, {
    intent: 'update',
    id,
    ...contact,
    company: PAYLOADS[5]!,
    notes: `Changed notes ${ALL}`,
  });
  await expectInert(page, `/apps/contacts?id=${id}`, 'Changed notes');
  expect(dialogs).toEqual([]);
});

test('script payloads from staff (supplier, driver, review note, order, tracking event) never run', async ({
  page,
}, testInfo) => {
  test.slow();
  const dialogs = watchDialogs(page);
  const tag = uniqueText(testInfo, 'XSS');
  // The customer's own name carries a payload: staff see it next to the request and the order.
  const customer = uniqueEmail(testInfo, 'xss-order');
  await registerDirectly(page, `Zane ${PAYLOADS[2]}`, customer, PASSWORD);
  const sent = await post(
    page,
    '/apps/request-for-shipping',
    {
      category: 'electronics_accessories',
      containerType: 'groupage',
      origin: 'china',
      cbm: '2',
      description: `Request ${tag} ${PAYLOADS[0]}`,
    },
    'multipart',
  );
  expect(new URL(sent, 'http://portal').pathname).toBe('/apps/send-client-requests');

  // Staff find the request (its review form names it), then add a supplier and a driver whose every
  // text field carries a payload, and find them.
  await switchTo(page, AGENT.email);
  await page.goto(`/apps/shipping/requests?q=${encodeURIComponent(tag)}`);
  const requestId = (await page.locator('form input[name="id"]').first().getAttribute('value'))!;
  expect(requestId).toMatch(/^\d+$/);
  const saved = await post(page, '/apps/suppliers/new', {
    name: `Supplier ${tag} ${PAYLOADS[1]}`,
    contact: PAYLOADS[0]!,
    phone: PAYLOADS[3]!,
    email: 'sales@supplier.example',
    address: `Supplier street ${PAYLOADS[6]}`,
    location: PAYLOADS[2]!,
    active: 'on',
  });
  await expectInert(page, searching(saved, tag), `Supplier ${tag}`);
  const supplierHref = await page
    .getByRole('row')
    .filter({ hasText: `Supplier ${tag}` })
    .getByRole('link')
    .first()
    .getAttribute('href');
  const supplierId = supplierHref!.split('/').pop()!;
  await expectInert(page, supplierHref!, `Supplier ${tag}`);

  const driver = await post(page, '/apps/shipping/drivers/new', {
    name: `Driver ${tag} ${PAYLOADS[1]}`,
    phone: PAYLOADS[3]!,
    licenceNumber: `<b>${Date.now().toString(36)}-${testInfo.project.name}</b>`,
    vehiclePlate: '<i>X</i>',
    origin: 'china',
    active: 'on',
  });
  await expectInert(page, searching(driver, tag), `Driver ${tag}`);
  const driverHref = await page
    .getByRole('row')
    .filter({ hasText: `Driver ${tag}` })
    .getByRole('link')
    .first()
    .getAttribute('href');
  await expectInert(page, driverHref!, `Driver ${tag}`);

  // Staff approve the request with a note, make it an order from that supplier and add a tracking event.
  await post(page, '/apps/shipping/requests', {
    id: requestId,
    decision: 'approved',
    note: `Review note ${ALL}`,
    // The decision's second step, answered at once (the form asks "Yes, approve" first).
    confirm: '1',
  });
  const created = await post(page, `/apps/shipping/new-order/${requestId}`, {
    requestId,
    category: 'electronics_accessories',
    containerType: 'groupage',
    origin: 'china',
    cbm: '2',
    supplierId,
    shippingMark: `${PAYLOADS[1]} ${PAYLOADS[3]}`,
  });
  const order = new URL(created, 'http://portal').pathname;
  await post(page, order, {
    milestone: 'customs_cleared',
    eventTime: '2026-11-21T06:15',
    place: `Jebel Ali ${PAYLOADS[2]}`,
    note: `Tracking note ${ALL}`,
  });
  await expectInert(page, order, 'Tracking note');

  // The customer sees all of it: the order with its supplier and timeline, the receipt, the review note.
  await switchTo(page, customer, PASSWORD);
  await expectInert(page, order, 'Tracking note');
  await expect(page.getByText('Supplier street', { exact: false })).toBeVisible();
  await expectInert(page, `/apps/shipping/clearance-receipt/${order.split('/').pop()}`, 'Jebel Ali');
  await expectInert(page, '/apps/send-client-requests', 'Review note');
  expect(dialogs).toEqual([]);
});
