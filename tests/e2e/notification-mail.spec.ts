// Notification mails (JavaScript on and off; ADR 058): a customer turns one kind of mail off, asks for a
// service and reads French; staff approve the request; the outbox holds the approval in French — and no
// mail of the kind turned off. The mail's link opens the request; its unsubscribe link, without signing
// in, stops those mails, and the notification settings say so.
import { expect, test } from '@playwright/test';
import {
  AGENT,
  notificationMailTo,
  open,
  outboxTo,
  registerDirectly,
  switchTo,
  translation,
  uniqueEmail,
  uniqueText,
} from './support';

const PASSWORD = 'fatima-mailed-passphrase-1';

test('a customer gets the approval of its request by e-mail in French, opens it, and unsubscribes', async ({
  page,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail(testInfo, 'mailed');
  const description = uniqueText(testInfo, 'Mail me the decision');
  await registerDirectly(page, 'Fatima Mailed', email, PASSWORD);

  // No mail when the request arrives: the customer keeps that news in the portal.
  await open(page, '/pages/account-settings');
  await page.getByRole('link', { name: 'Choose notifications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible();
  const arrival = page.getByLabel('Your request has arrived');
  await expect(arrival).toHaveValue('email');
  // Staff's kinds are not offered to a customer.
  await expect(page.getByLabel('A customer sends a new request')).toHaveCount(0);
  await arrival.selectOption({ label: 'In the portal only' });
  await page.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your notification settings were saved.' }),
  ).toBeVisible();
  await expect(page.getByLabel('Your request has arrived')).toHaveValue('portal');

  await open(page, '/apps/send-request-for-service');
  await page.getByLabel('Service').selectOption({ label: 'Other service' });
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Send the request' }).click();
  const notice = page.getByRole('status').filter({ hasText: /#\d+/ });
  const id = /#(\d+)/.exec((await notice.textContent()) ?? '')?.[1];
  expect(id).toBeTruthy();

  // The customer reads the portal in French from now on: mails come in the account's language.
  const french = await page.request.post('/preferences', {
    form: { intent: 'language', lng: 'fr', redirectTo: '/dashboards/modern' },
    maxRedirects: 0,
  });
  expect(french.status()).toBe(302);

  await switchTo(page, AGENT.email);
  await open(page, `/apps/client-service-requests?q=${encodeURIComponent(description)}`);
  const row = page.getByRole('row').filter({ hasText: description });
  await row.getByRole('button', { name: 'Approve' }).click();
  await row.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();

  // The approval, in French, with a link to the request; the description stays out of the mail.
  const approved = translation('fr', 'common', 'notifications.kinds.request_approved').replace('{{id}}', id!);
  const mail = await notificationMailTo(email, 'request_approved');
  expect(mail.subject).toBe(approved);
  expect(mail.text).toContain(mail.link!);
  expect(mail.html).toContain('<html lang="fr" dir="ltr">');
  expect(mail.text).not.toContain(description);
  // The arrival was not mailed.
  expect((await outboxTo(email)).flatMap((sent) => (sent.kind ? [sent.kind] : []))).toEqual([
    'request_approved',
  ]);

  // The mail's link asks the customer to sign in, then opens the request; the notification is read.
  await page.context().clearCookies();
  await page.goto(mail.link!);
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
  await switchTo(page, email, PASSWORD);
  await open(page, new URL(mail.link!).pathname);
  await expect(page).toHaveURL(`/apps/requests/${id}`);

  // The unsubscribe link works without signing in, after a click.
  await page.context().clearCookies();
  await open(page, mail.unsubscribe!);
  const stop = translation('fr', 'account', 'unsubscribe.submit');
  await expect(
    page.getByRole('heading', { name: translation('fr', 'account', 'unsubscribe.title') }),
  ).toBeVisible();
  await page.getByRole('button', { name: stop }).click();
  const what = translation('fr', 'account', 'notificationSettings.kinds.request_approved');
  await expect(page.getByRole('status')).toContainText(what);

  await switchTo(page, email, PASSWORD);
  await open(page, '/pages/account-settings/notifications');
  await expect(page.getByLabel(what)).toHaveValue('portal');
  await expect(
    page.getByLabel(translation('fr', 'account', 'notificationSettings.kinds.quote_sent')),
  ).toHaveValue('email');
});
