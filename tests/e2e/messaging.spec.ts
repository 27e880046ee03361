// The chats, e-mail and notes screens, as a person uses them, with JavaScript on and off: each test
// registers its own customer, since the demo data is kept per user.
import { expect, test, type Page } from '@playwright/test';
import { open, registerDirectly, uniqueEmail } from './support';

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

test('chats: search a contact, open the chat and send a message', async ({ page }, testInfo) => {
  await registerDirectly(page, 'Chat Tester', uniqueEmail(testInfo, 'chats'), 'a-long-password-1');
  await open(page, '/apps/chats');
  await expect(page).toHaveTitle('Chats · Harbour Freight');
  await expect(page.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible();

  // Chat 1 is open by default; presence is written out.
  const conversation = page.getByRole('region', { name: 'Conversation with Priya Nair' });
  await expect(conversation.getByText('Online', { exact: true })).toBeVisible();
  await expect(conversation.getByText('Draft-BL-418273.pdf')).toBeVisible();
  const contacts = page.getByRole('region', { name: 'Contacts' });
  await expect(contacts.getByRole('listitem')).toHaveCount(10);

  // The search goes into the URL and keeps the chat.
  await contacts.getByRole('searchbox', { name: 'Search' }).fill('lucas');
  await contacts.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL('/apps/chats?q=lucas&chat=1');
  await expect(contacts.getByRole('listitem')).toHaveCount(1);
  await contacts.getByRole('link', { name: /Lucas Moreau/ }).click();
  await expect(page).toHaveURL('/apps/chats?q=lucas&chat=3');
  const lucas = page.getByRole('region', { name: 'Conversation with Lucas Moreau' });
  await expect(lucas.getByText('Busy', { exact: true })).toBeVisible();

  // Sending: the message shows as the user's, and the page is the same chat with the same search.
  const text = `The certificate is on its way ${Date.now().toString(36)}`;
  const box = lucas.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await lucas.getByRole('button', { name: 'Send' }).click();
  const messages = lucas.getByRole('list', { name: 'Messages' });
  await expect(messages.getByRole('listitem').last()).toContainText(text);
  await expect(messages.getByRole('listitem').last()).toContainText('You');
  await expect(page).toHaveURL('/apps/chats?q=lucas&chat=3');
  await expect(lucas.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  // It is the contact's last message in the list too, and still there after a reload.
  await expect(contacts.getByRole('link', { name: /Lucas Moreau/ })).toContainText(text);
  await open(page, '/apps/chats?chat=3');
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText(text);
});

/** Runs `act` and waits for the e-mail screen's change it posts to be answered (kept). */
async function saved(page: Page, act: () => Promise<void>) {
  await Promise.all([
    page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/apps/email'),
    ),
    act(),
  ]);
}

test('e-mail: star a mail and find it under Starred; delete it and restore it', async ({
  page,
}, testInfo) => {
  await registerDirectly(page, 'Mail Tester', uniqueEmail(testInfo, 'email'), 'a-long-password-1');
  await open(page, '/apps/email');
  await expect(page).toHaveTitle('E-mail · Harbour Freight');
  const folders = page.getByRole('navigation', { name: 'Folders' });
  await expect(folders.getByRole('link', { name: /^Inbox/ })).toHaveAttribute('aria-current', 'page');
  // Mail 1 is open by default, its body in a frame.
  await expect(page.getByRole('heading', { level: 2, name: 'Booking confirmed: MSKU 418273' })).toBeVisible();
  await expect(
    page
      .frameLocator('iframe[title="Content of the e-mail “Booking confirmed: MSKU 418273”"]')
      .getByText('MV Nordic Star'),
  ).toBeVisible();

  const subject = 'Early-bird rates for January sailings';
  await page
    .getByRole('region', { name: 'Inbox' })
    .getByRole('link', { name: new RegExp(subject) })
    .click();
  await expect(page).toHaveURL('/apps/email?id=2');
  const mail = page.getByRole('article', { name: subject });
  const star = mail.getByRole('button', { name: 'Starred', exact: true });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  // The button shows the change at once; the next step waits for the back office to have kept it.
  await saved(page, () => star.click());
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL('/apps/email?id=2');

  await folders.getByRole('link', { name: /^Starred/ }).click();
  await expect(page).toHaveURL('/apps/email?folder=starred');
  await expect(
    page.getByRole('region', { name: 'Starred' }).getByRole('link', { name: new RegExp(subject) }),
  ).toBeVisible();

  // Delete puts it in the trash, where it can be restored.
  await page
    .getByRole('region', { name: 'Starred' })
    .getByRole('link', { name: new RegExp(subject) })
    .click();
  await expect(page).toHaveURL('/apps/email?folder=starred&id=2');
  await saved(page, () => mail.getByRole('button', { name: 'Delete' }).click());
  await expect(mail.getByRole('button', { name: 'Restore' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Starred' }).getByRole('link', { name: new RegExp(subject) }),
  ).toHaveCount(0);
  await folders.getByRole('link', { name: /^Trash/ }).click();
  const trash = page.getByRole('region', { name: 'Trash' });
  await trash.getByRole('link', { name: new RegExp(subject) }).click();
  await expect(page).toHaveURL('/apps/email?folder=trash&id=2');
  await saved(page, () => mail.getByRole('button', { name: 'Restore' }).click());
  await expect(mail.getByRole('button', { name: 'Delete' })).toBeVisible();
  await expect(trash.getByRole('link', { name: new RegExp(subject) })).toHaveCount(0);
  await folders.getByRole('link', { name: /^Inbox/ }).click();
  await expect(
    page.getByRole('region', { name: 'Inbox' }).getByRole('link', { name: new RegExp(subject) }),
  ).toBeVisible();
});

test('notes: add a note, edit it and remove it', async ({ page }, testInfo) => {
  await registerDirectly(page, 'Note Tester', uniqueEmail(testInfo, 'notes'), 'a-long-password-1');
  await open(page, '/apps/notes');
  await expect(page).toHaveTitle('Notes · Harbour Freight');
  const list = page.getByRole('region', { name: 'Your notes' });
  const adding = page.getByRole('form', { name: 'Add a note' });

  if (jsOn()) {
    // Checked in the browser: the message in the user's language, the choice kept.
    await adding.getByLabel('Colour').selectOption({ label: 'Urgent (red)' });
    await adding.getByRole('button', { name: 'Add the note' }).click();
    await expect(adding.getByLabel('Text of the new note')).toHaveAccessibleDescription(
      'This field is required.',
    );
    await expect(adding.getByLabel('Colour')).toHaveValue('error');
  }

  const text = `Book the crane for Monday ${Date.now().toString(36)}`;
  await adding.getByLabel('Text of the new note').fill(text);
  await adding.getByLabel('Colour').selectOption({ label: 'Urgent (red)' });
  await adding.getByRole('button', { name: 'Add the note' }).click();
  await expect(page).toHaveURL(/\/apps\/notes\?id=\d+$/);
  const added = list.getByRole('link', { name: new RegExp(text) });
  await expect(added).toContainText('Urgent (red)');
  await expect(added).toHaveAttribute('aria-current', 'page');

  const editing = page.getByRole('form', { name: 'Edit the note' });
  await expect(editing.getByLabel('Text of the note')).toHaveValue(text);
  const edited = `${text} at 9:00`;
  await editing.getByLabel('Text of the note').fill(edited);
  await editing.getByLabel('Colour').selectOption({ label: 'Done (green)' });
  const url = page.url();
  await editing.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByRole('link', { name: new RegExp(`${edited}.*Done \\(green\\)`) })).toBeVisible();
  expect(page.url()).toBe(url);

  // The search keeps the note selected; removing it names it.
  await list.getByRole('searchbox', { name: 'Search' }).fill('crane');
  await list.getByRole('button', { name: 'Apply' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: `Remove the note “${edited}”` }).click();
  await expect(list.getByRole('link', { name: new RegExp(edited) })).toHaveCount(0);
  await expect(list.getByText('No note here.')).toBeVisible();
  await expect(page).toHaveURL('/apps/notes?q=crane');
});
