// Tickets and contacts (JavaScript on and off): the status counts filter the tickets through the URL and a
// ticket can be deleted; a contact is added (a missing name comes back with what was typed), starred,
// edited, deleted and restored. Each test works as a newly registered user, whose demo data is their own.
import { expect, test, type Page } from '@playwright/test';
import { open, registerDirectly, uniqueEmail } from './support';

async function newUser(page: Page, tag: string) {
  await registerDirectly(page, 'Dana Workspace', uniqueEmail(test.info(), tag), 'harbour-crane-42');
}

test('tickets: counts per status filter the list in the URL; a ticket is deleted', async ({ page }) => {
  await newUser(page, 'tickets');
  await open(page, '/apps/tickets');
  await expect(page).toHaveTitle('Tickets · Harbour Freight');
  // A demo module: its invented tickets are marked as sample content, and it sits under "Samples".
  await expect(page.getByRole('note').filter({ hasText: 'Sample content.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText('Samples')).toBeVisible();
  const statuses = page.getByRole('navigation', { name: 'Tickets by status' });
  const all = statuses.getByRole('link', { name: /Total tickets/ });
  await expect(all).toHaveAttribute('aria-current', 'page');
  await expect(all).toContainText('8');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(9);

  const pendingLink = statuses.getByRole('link', { name: /Pending/ });
  const pendingCount = Number((await pendingLink.textContent())!.replace(/\D/g, ''));
  await pendingLink.click();
  await expect(page).toHaveURL('/apps/tickets?filter=Pending');
  await expect(pendingLink).toHaveAttribute('aria-current', 'page');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(pendingCount + 1);
  for (const row of await rows.all()) {
    if (await row.getByRole('columnheader').count()) continue;
    await expect(row.getByRole('cell').nth(3)).toHaveText('Pending');
  }

  const firstTitle = (await rows.nth(1).getByRole('cell').nth(1).locator('p').first().textContent())!;
  await page.getByRole('button', { name: `Delete ticket “${firstTitle}”` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'deleted' })).toBeVisible();
  await expect(page).toHaveURL(/\/apps\/tickets\?filter=Pending$/);
  await expect(page.getByRole('button', { name: `Delete ticket “${firstTitle}”` })).toHaveCount(0);
  await expect(statuses.getByRole('link', { name: /Total tickets/ })).toContainText('7');

  await page.getByRole('searchbox', { name: 'Search' }).fill('zzz-no-such-ticket');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/q=zzz-no-such-ticket/);
  await expect(page.getByText('No ticket matches.')).toBeVisible();
});

/** Runs `act` and waits for the contacts screen's change it posts to be answered (kept): with JavaScript
 * the button shows the change at once, and the form's answer, a redirect, could land after the next click. */
async function saved(page: Page, act: () => Promise<void>) {
  await Promise.all([
    page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname.startsWith('/apps/contacts'),
    ),
    act(),
  ]);
}

test('contacts: add, star, edit, delete and restore one', async ({ page }) => {
  await newUser(page, 'contacts');
  await open(page, '/apps/contacts');
  await expect(page).toHaveTitle('Contacts · Harbour Freight');
  await expect(page.getByText('You have no contacts yet. Add the first one.')).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Add contact' }).click();
  await expect(page).toHaveURL('/apps/contacts?new=1');
  const form = page.getByRole('region', { name: 'Add contact' });
  await form.getByLabel('Last name').fill('Kowalska');
  await form.getByLabel('Company').fill('Baltic Freight');
  await form.getByLabel('E-mail').fill('anna@example.com');
  await form.getByRole('button', { name: 'Add contact' }).click();
  // Without a first name the form comes back with the message and what was typed.
  await expect(form.getByLabel('First name')).toHaveAccessibleDescription('This field is required.');
  await expect(form.getByLabel('Last name')).toHaveValue('Kowalska');
  await expect(form.getByLabel('Company')).toHaveValue('Baltic Freight');

  await form.getByLabel('First name').fill('Anna');
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Contact saved.' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Anna Kowalska' });
  await expect(details).toContainText('Baltic Freight');
  await expect(page.getByRole('main').getByRole('list', { name: 'All contacts' })).toContainText(
    'Anna Kowalska',
  );

  const star = details.getByRole('button', { name: 'Star Anna Kowalska' });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await saved(page, () => star.click());
  await expect(
    page.getByRole('region', { name: 'Anna Kowalska' }).getByRole('button', { name: 'Star Anna Kowalska' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await page
    .getByRole('navigation', { name: 'Contacts by group' })
    .getByRole('link', { name: /Starred/ })
    .click();
  await expect(page).toHaveURL('/apps/contacts?filter=starred');
  await expect(page.getByRole('main').getByRole('list', { name: 'Starred' })).toContainText('Anna Kowalska');

  await page
    .getByRole('main')
    .getByRole('list', { name: 'Starred' })
    .getByRole('link', { name: /Anna Kowalska/ })
    .click();
  await page.getByRole('link', { name: 'Edit Anna Kowalska' }).click();
  const edit = page.getByRole('region', { name: 'Edit Anna Kowalska' });
  await expect(edit.getByLabel('First name')).toHaveValue('Anna');
  await edit.getByLabel('Last name').fill('Nowak');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('region', { name: 'Anna Nowak' })).toBeVisible();

  await saved(page, () => page.getByRole('button', { name: 'Delete Anna Nowak' }).click());
  await expect(page.getByRole('region', { name: 'Anna Nowak' })).toContainText('Deleted');
  await page
    .getByRole('navigation', { name: 'Contacts by group' })
    .getByRole('link', { name: /All contacts/ })
    .click();
  await expect(page.getByText('You have no contacts yet. Add the first one.')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Contacts by group' })
    .getByRole('link', { name: /Deleted/ })
    .click();
  await page
    .getByRole('main')
    .getByRole('list', { name: 'Deleted' })
    .getByRole('link', { name: /Anna Nowak/ })
    .click();
  await saved(page, () => page.getByRole('button', { name: 'Restore Anna Nowak' }).click());
  await page
    .getByRole('navigation', { name: 'Contacts by group' })
    .getByRole('link', { name: /All contacts/ })
    .click();
  await expect(page.getByRole('main').getByRole('list', { name: 'All contacts' })).toContainText(
    'Anna Nowak',
  );
});

test('an unknown contact or ticket filter: "Page not found" and every ticket', async ({ page }) => {
  await newUser(page, 'unknown');
  const response = await page.goto('/apps/contacts?id=987654');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Page not found');
  await open(page, '/apps/tickets?filter=Lost');
  await expect(
    page.getByRole('navigation', { name: 'Tickets by status' }).getByRole('link', { name: /Total tickets/ }),
  ).toHaveAttribute('aria-current', 'page');
});
