// Notifications in the portal (JavaScript on and off): staff approve a customer's request; the customer
// sees the count in the top bar, the notification on its page with a link to the request, and reads it.
import { expect, test } from '@playwright/test';
import { AGENT, open, registerDirectly, switchTo, uniqueEmail, uniqueText } from './support';

test('a customer is told its request was approved, opens it from the notification and marks it read', async ({
  page,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail(testInfo, 'notified');
  const description = uniqueText(testInfo, 'Tell me when it is decided');
  await registerDirectly(page, 'Nadia Notified', email, 'nadia-notified-passphrase-1');
  await open(page, '/dashboards/modern');
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await open(page, '/apps/send-request-for-service');
  await page.getByLabel('Service').selectOption({ label: 'Other service' });
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Send the request' }).click();
  const notice = page.getByRole('status').filter({ hasText: /#\d+/ });
  const id = /#(\d+)/.exec((await notice.textContent()) ?? '')?.[1];
  expect(id).toBeTruthy();

  // Staff are told of the new request too; the agent approves it.
  await switchTo(page, AGENT.email);
  await open(page, `/apps/client-service-requests?q=${encodeURIComponent(description)}`);
  const row = page.getByRole('row').filter({ hasText: description });
  await row.getByRole('button', { name: 'Approve' }).click();
  await row.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();

  await switchTo(page, email, 'nadia-notified-passphrase-1');
  await open(page, '/dashboards/modern');
  // That its request arrived, and that it was approved.
  const bell = page.getByRole('link', { name: 'Notifications: 2 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page).toHaveURL('/apps/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const item = page.getByRole('row').filter({ hasText: `Your request #${id} was approved` });
  await expect(item).toContainText('New');
  await item.getByRole('button', { name: `Mark “Your request #${id} was approved” as read` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'marked as read' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications: 1 unread' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `We received your request #${id}` })).toContainText(
    'New',
  );
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await page.getByRole('link', { name: `Your request #${id} was approved` }).click();
  await expect(page).toHaveURL(`/apps/requests/${id}`);
});
