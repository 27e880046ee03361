// The hostile sample e-mail (app/fixtures/emails.ts) carries a script, an onerror, a javascript: link and
// an onclick: opening it, and clicking in it, must run none of them — not in the page, not in its frame.
import { expect, test } from '@playwright/test';
import { HOSTILE_EMAIL_ID, HOSTILE_EMAIL_MARKER } from '../../app/fixtures/emails';
import { open, registerDirectly, uniqueEmail } from './support';

test('opening the hostile e-mail runs none of its scripts', async ({ page }, testInfo) => {
  await registerDirectly(page, 'Script Tester', uniqueEmail(testInfo, 'hostile'), 'a-long-password-1');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await open(page, `/apps/email?id=${HOSTILE_EMAIL_ID}`);
  const subject = 'Claim your freight credit before Friday';
  const frameElement = page.getByTitle(`Content of the e-mail “${subject}”`);
  await expect(frameElement).toHaveAttribute('sandbox', '');
  // The mail's text shows (the page's CSP lets the srcdoc frame render)...
  const body = page.frameLocator(`iframe[title="Content of the e-mail “${subject}”"]`);
  await expect(body.getByText('A freight credit of')).toBeVisible();
  await expect(body.getByRole('img', { name: 'Cargo Rewards' })).toHaveCount(1);
  // ...and clicking where the handlers were does nothing.
  await body.getByText('Click anywhere here to confirm.').click();
  await body.getByText('Claim your credit').click();

  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  expect(frame, 'the mail frame').toBeTruthy();
  const marker = (name: string) => (window as unknown as Record<string, unknown>)[name];
  expect(await page.evaluate(marker, HOSTILE_EMAIL_MARKER)).toBeUndefined();
  expect(await frame!.evaluate(marker, HOSTILE_EMAIL_MARKER)).toBeUndefined();
  // Nothing of the hostile markup reached the frame's document.
  const html = await frame!.evaluate(() => document.documentElement.outerHTML);
  expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
  expect(dialogs).toEqual([]);
});
