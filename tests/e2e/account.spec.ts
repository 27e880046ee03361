// Account settings: a customer's contact details and referral code (staff only read theirs); everyone's
// profile picture, shown by the top bar's avatar.
import { displayPhone } from '@contract/phones';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, AGENT, CLIENT, open, registerDirectly, signInAs, TINY_PNG, uniqueEmail } from './support';

/** The top bar's avatar: the picture when there is one that loads, else the initials. */
const avatarOf = (page: Page, name: string) => page.locator(`summary[title="Account menu for ${name}"]`);

/** The avatar shows the picture itself: an image of the own picture's address, loaded. */
async function expectPictureIn(page: Page, name: string) {
  const image = avatarOf(page, name).locator('img');
  await expect(image).toHaveAttribute('src', /^\/pages\/account-image\?v=\d+$/);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test('a customer saves new contact details; they are there after a reload', async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  // A new customer of their own, so that no other test sees the change.
  await registerDirectly(page, 'Rana Settings', uniqueEmail(testInfo, 'settings'), 'a-long-password-1');
  await open(page, '/pages/account-settings');
  await expect(page).toHaveTitle('Account Settings · Harbour Freight');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  const contact = page.getByRole('region', { name: 'Contact details' });
  const name = contact.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue('Rana Settings');
  const email = contact.getByLabel('E-mail');
  await expect(email).not.toBeEditable();
  await expect(email).toHaveAccessibleDescription('Your sign-in e-mail; contact us to change it.');

  // The name is required: emptied, it is refused, keeping the rest.
  await name.fill('');
  await contact.getByLabel('Phone').fill('+20 122 555 0147');
  await contact.getByRole('button', { name: 'Save the details' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('This field is required.');
  // What was typed comes back as typed; once saved, the number shows grouped as its country writes it.
  await expect(contact.getByLabel('Phone')).toHaveValue('+20 122 555 0147');
  // With JavaScript the form says so before it is sent; without, it comes back from its own address, on
  // the same page.
  await expect(page).toHaveURL(
    javaScriptEnabled ? '/pages/account-settings' : '/pages/account-settings/contact',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();

  await name.fill('Rana Settings');
  await contact.getByLabel('City').fill('Alexandria');
  await contact.getByRole('button', { name: 'Save the details' }).click();
  await expect(page).toHaveURL('/pages/account-settings');
  await expect(page.getByRole('status')).toHaveText('Your contact details have been saved.');

  await open(page, '/pages/account-settings');
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(contact.getByLabel('Phone')).toHaveValue(displayPhone('+20 122 555 0147'));
  await expect(contact.getByLabel('City')).toHaveValue('Alexandria');
  await expect(name).toHaveValue('Rana Settings');
});

test('a customer uploads a profile picture and sees it; a file that is not a picture is refused', async ({
  page,
}, testInfo) => {
  await registerDirectly(page, 'Picture Tester', uniqueEmail(testInfo, 'picture'), 'a-long-password-1');
  await open(page, '/pages/account-settings');
  const section = page.getByRole('region', { name: 'Profile picture' });
  await expect(section.getByText('No profile picture yet.')).toBeVisible();
  await expect(section.getByRole('img', { name: 'Your current profile picture' })).toHaveCount(0);
  const input = section.getByLabel('New picture');

  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  const withScript = test.info().project.use.javaScriptEnabled !== false;
  if (withScript) {
    // The browser tells at once, and clears the choice: what is then sent is no file at all.
    await expect(input).toHaveAccessibleDescription(/^Use a PNG, JPEG or WebP picture\./);
    await expect(input).toHaveValue('');
  }
  await section.getByRole('button', { name: 'Upload the picture' }).click();
  await expect(page).toHaveURL('/pages/account-settings/image');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(
    withScript ? /^Choose a picture first\./ : /^Use a PNG, JPEG or WebP picture\./,
  );
  await expect(section.getByText('No profile picture yet.')).toBeVisible();
  // Nor is a file named like a picture that is not one (posted without the form: the same answer).
  const fake = await page.request.post('/pages/account-settings/image', {
    multipart: { image: { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') } },
    maxRedirects: 0,
  });
  expect(fake.status(), 'a fake PNG').toBe(400);
  expect((await page.request.get('/pages/account-image')).status(), 'no picture yet').toBe(404);

  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  await section.getByRole('button', { name: 'Upload the picture' }).click();
  await expect(page).toHaveURL('/pages/account-settings');
  await expect(page.getByRole('status')).toHaveText('Your profile picture has been updated.');
  const picture = section.getByRole('img', { name: 'Your current profile picture' });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('src', /^\/pages\/account-image\?v=\d+$/);
  await expect(input).not.toHaveAttribute('aria-invalid', 'true');
  // The top bar shows it at once, without signing in again.
  await expectPictureIn(page, 'Picture Tester');
  const image = await page.request.get('/pages/account-image');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(image.headers()['cache-control']).toBe('private, no-cache');
  expect((await image.body()).equals(TINY_PNG), 'the picture served is the one uploaded').toBe(true);

  // Removed (a second form, posting its intent): the initials come back.
  await section.getByRole('button', { name: 'Remove the picture' }).click();
  await expect(page).toHaveURL('/pages/account-settings');
  await expect(page.getByRole('status')).toHaveText(
    'Your profile picture has been removed. Your initials show instead.',
  );
  await expect(section.getByText('No profile picture yet.')).toBeVisible();
  await expect(avatarOf(page, 'Picture Tester').locator('img')).toHaveCount(0);
  await expect(avatarOf(page, 'Picture Tester')).toContainText('PT');
  expect((await page.request.get('/pages/account-image')).status(), 'removed').toBe(404);
});

test('staff upload a profile picture; the top bar shows it on every page', async ({
  page,
  javaScriptEnabled,
}) => {
  // One demo staff account per project, so the runs with and without JavaScript never meet.
  const staff = javaScriptEnabled ? AGENT : ADMIN;
  await signInAs(page, staff.email);
  await open(page, '/pages/account-settings');
  const section = page.getByRole('region', { name: 'Profile picture' });
  await section
    .getByLabel('New picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  await section.getByRole('button', { name: 'Upload the picture' }).click();
  await expect(page).toHaveURL('/pages/account-settings');
  await expect(page.getByRole('status')).toHaveText('Your profile picture has been updated.');
  await expect(section.getByRole('img', { name: 'Your current profile picture' })).toBeVisible();
  await expectPictureIn(page, staff.name);
  await open(page, '/dashboards/modern');
  await expectPictureIn(page, staff.name);

  // Removed again, so the demo account is as other tests expect it.
  await open(page, '/pages/account-settings');
  await section.getByRole('button', { name: 'Remove the picture' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your profile picture has been removed. Your initials show instead.',
  );
  await expect(avatarOf(page, staff.name).locator('img')).toHaveCount(0);
});

test('a customer sees their referral code, read-only; with JavaScript it can be copied', async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  await signInAs(page, CLIENT.email);
  await open(page, '/pages/account-settings');
  const referral = page.getByRole('region', { name: 'My Referral Code' });
  const code = referral.getByLabel('Referral code');
  await expect(code).toHaveValue(/^[A-HJ-NP-Z2-9]{8}$/);
  await expect(code).not.toBeEditable();
  const copy = referral.getByRole('button', { name: 'Copy the code' });
  if (!javaScriptEnabled) {
    // Without JavaScript nothing could copy: no button that does nothing.
    await expect(copy).toHaveCount(0);
    return;
  }
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await copy.click();
  await expect(referral.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.inputValue());
});

test('staff see their contact details read-only, without referral code', async ({ page }) => {
  await signInAs(page, AGENT.email);
  await open(page, '/pages/account-settings');
  const contact = page.getByRole('region', { name: 'Contact details' });
  await expect(contact.getByText(AGENT.email, { exact: true })).toBeVisible();
  await expect(
    contact.getByText("Staff contact details are kept by the company's administrators."),
  ).toBeVisible();
  await expect(contact.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save the details' })).toHaveCount(0);
  // Their own picture is theirs to change, like anyone's.
  await expect(page.getByRole('region', { name: 'Profile picture' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'My Referral Code' })).toHaveCount(0);
  // Nor can they post the form.
  const posted = await page.request.post('/pages/account-settings/contact', {
    form: { name: 'Someone Else', phone: '+1 555 0100' },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(403);
});
