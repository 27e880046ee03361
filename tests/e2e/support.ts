// Shared helpers of the end-to-end tests: the demo accounts, signing in as a person would, unique
// e-mail addresses per project, and the reference back office's mail outbox.
import { readdir, readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { demoPdf } from '../../backoffice/pdf';

const here = path.dirname(fileURLToPath(import.meta.url));
export const PORTAL_URL = `http://127.0.0.1:${process.env.E2E_PORTAL_PORT || '13000'}`;
export const BACKOFFICE_URL = `http://127.0.0.1:${process.env.E2E_BACKOFFICE_PORT || '18069'}`;
export const HOME = '/dashboards/modern';

/** Seeded by backoffice/seed.ts; password demo1234. */
export const DEMO_PASSWORD = 'demo1234';
export const CLIENT = {
  email: 'client@example.com',
  name: 'Layla Mansour',
  company: 'Nile Star Trading LLC',
} as const;
export const CLIENT2 = { email: 'client2@example.com', name: 'Chen Wei' } as const;

/** The URL path and query of the page, e.g. "/auth/login?redirectTo=%2Fdashboards%2Fmodern". */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** An address no other test and no other project uses. */
export function uniqueEmail(testInfo: TestInfo, tag: string): string {
  const project = testInfo.project.name.replace(/[^a-z0-9]/gi, '').toLowerCase();
  const random = Math.random().toString(36).slice(2, 8);
  return `e2e-${tag}-${project}-${Date.now().toString(36)}${random}@example.com`;
}

/** Fills in and sends the sign-in form on the page already open. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in from /auth/login and waits for the dashboard. */
export async function signIn(page: Page, email: string = CLIENT.email, password = DEMO_PASSWORD) {
  await page.goto('/auth/login');
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(HOME);
}

/**
 * Signs in by posting the sign-in form's fields without showing the form (for tests about something
 * else), then opens the dashboard. The cookie lands in the page's browser context.
 */
export async function signInDirectly(page: Page, email: string = CLIENT.email, password = DEMO_PASSWORD) {
  const response = await page.request.post('/auth/login', { form: { email, password }, maxRedirects: 0 });
  expect(response.status(), 'the sign-in answer').toBe(302);
  expect(response.headers()['location']).toBe(HOME);
  await page.goto(HOME);
  await expect(page).toHaveURL(HOME);
}

/** Registers a new customer through /auth/register and waits for "check your mail" (nobody is signed in). */
export async function register(page: Page, fullName: string, email: string, password: string) {
  await page.goto('/auth/register');
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText(`We have sent a message to ${email}`);
}

// ---------------------------------------------------------------------------------------------------
// The reference back office's outbox (DATA_DIR/outbox/*.json), DATA_DIR as tests/e2e/serve.mjs made it.

export interface Mail {
  to: string;
  subject: string;
  text: string;
  link?: string;
  createdAt: string;
  /** Notification mails (ADR 058): the HTML part, the unsubscribe link, what they tell, their language. */
  html?: string;
  unsubscribe?: string;
  kind?: string;
  lang?: string;
}

export function dataDir(): string {
  const file = path.join(here, '.state', 'data-dir');
  return readFileSync(file, 'utf8').trim();
}

async function outbox(): Promise<Mail[]> {
  const dir = path.join(dataDir(), 'outbox');
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Mail),
  );
}

/** Every mail to `to` so far, oldest first. */
export async function outboxTo(to: string): Promise<Mail[]> {
  return (await outbox()).filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
}

/** The newest notification mail of `kind` to `to` (waits for the mail queue to send it). */
export async function notificationMailTo(to: string, kind: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await outboxTo(to)).filter((mail) => mail.kind === kind).at(-1);
        return found !== undefined;
      },
      { message: `a ${kind} mail to ${to} in the outbox` },
    )
    .toBe(true);
  return found!;
}

/** The newest mail to `to` (waits for it to arrive). */
export async function newestMailTo(to: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await outbox()).filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
        found = mails.at(-1);
        return mails.length;
      },
      { message: `a mail to ${to} in the outbox` },
    )
    .toBeGreaterThan(0);
  return found!;
}

// ---------------------------------------------------------------------------------------------------
// Translations, for assertions that must hold in whatever language the build shipped.

type Tree = { [key: string]: string | Tree };

/** app/locales/<language>/<namespace>.json, or null when the file does not exist (yet). */
export function localeFile(language: string, namespace: string): Tree | null {
  try {
    return JSON.parse(
      readFileSync(path.join(here, '..', '..', 'app', 'locales', language, `${namespace}.json`), 'utf8'),
    ) as Tree;
  } catch {
    return null;
  }
}

/** The string at `key` ("login.submit") in `language`, falling back to English as the portal does. */
export function translation(language: string, namespace: string, key: string): string {
  for (const tree of [localeFile(language, namespace), localeFile('en', namespace)]) {
    let node: string | Tree | undefined = tree ?? undefined;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node === 'string') return node;
  }
  throw new Error(`No translation for ${namespace}:${key}`);
}

// ---------------------------------------------------------------------------------------------------
// Staff accounts, switching accounts, unique texts and small files for the request and account tests.

export const AGENT = { email: 'agent@example.com', name: 'Omar Farouk' } as const;
export const ADMIN = { email: 'admin@example.com', name: 'Amina Haddad' } as const;

/**
 * Signs in by posting the sign-in form's fields, without opening any page (the next `goto` opens the one
 * the test is about). The cookie lands in the page's browser context.
 */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post('/auth/login', { form: { email, password }, maxRedirects: 0 });
  expect(response.status(), `signing in ${email}`).toBe(302);
  expect(response.headers()['location']).toBe(HOME);
}

/** Waits until React has taken over the page (its first heading), as the hydrated app's forms differ. */
export async function hydrated(page: Page) {
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect
    .poll(
      () =>
        heading.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))),
      { message: 'React hydrated the page' },
    )
    .toBe(true);
}

/**
 * Opens `path`; with JavaScript on, also waits for the page to hydrate, so that what the test does next
 * goes through the app's scripts (browser-side checks, client-side navigation), not the plain HTML form.
 */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  if (test.info().project.use.javaScriptEnabled !== false) await hydrated(page);
  return response;
}

/** Signs out whoever is signed in (by forgetting the cookies) and signs `email` in without a page. */
export async function switchTo(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.context().clearCookies();
  await signInAs(page, email, password);
}

/**
 * Registers a new customer by posting the registration form's fields (for tests about something else);
 * signed in as them afterwards, without opening any page.
 */
export async function registerDirectly(page: Page, fullName: string, email: string, password: string) {
  const response = await page.request.post('/auth/register', { form: { fullName, email, password } });
  expect(response.status(), `registering ${email}`).toBe(200);
  // Registering signs nobody in (a known address must get the same answer): the sign-in follows.
  const signedIn = await page.request.post('/auth/login', { form: { email, password }, maxRedirects: 0 });
  expect(signedIn.status(), `signing in ${email}`).toBe(302);
  expect(signedIn.headers()['location']).toBe(HOME);
}

/** A text no other test and no other project uses, e.g. "Lamps chromium lx3k9aq2b7": for searches. */
export function uniqueText(testInfo: TestInfo, tag: string): string {
  const project = testInfo.project.name.replace(/[^a-z0-9]/gi, '').toLowerCase();
  const random = Math.random().toString(36).slice(2, 8);
  return `${tag} ${project} ${Date.now().toString(36)}${random}`;
}

/** A small valid one-page PDF (it starts with "%PDF-1.4") showing `line`. */
export function smallPdf(line: string): Buffer {
  return demoPdf([line]);
}

/** A valid 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
