// COMPANY_NAME (ADR 060): one setting names the product. With another name set, the portal's brand and
// page titles, a legal page, the shared-document page and a document carry it, and so do the back
// office's two-step issuer and its mails; both processes read the variable alike.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSender } from '../../backoffice/mail';
import { notificationMail } from '../../backoffice/notificationMails';
import { createSealer } from '../../backoffice/sealing';
import { readBackofficeSettings } from '../../backoffice/settings';
import type { TestBackoffice } from '../../backoffice/testing';
import { readPortalSettings } from '../../server/settings.js';
import { flatten, type Tree } from './locale-tree';
import { args, pageRequest, signInPortalAccounts, startPortalBackoffice, withParams } from './portal-server';

const COMPANY = 'Blue Anchor Logistics';
const ISOLATED = `\u2068${COMPANY}\u2069`;

// Read once by the portal's settings (env.server.ts), before anything asks for them; the back office
// reads it below, as its process does at start.
process.env.COMPANY_NAME = COMPANY;

let reference: TestBackoffice;
let client: string;
let clientPartner: number;

beforeAll(async () => {
  const backoffice = readBackofficeSettings();
  if (!backoffice.ok) throw new Error(backoffice.problems.join(' '));
  reference = await startPortalBackoffice({ companyName: backoffice.settings.COMPANY_NAME });
  const signedIn = await signInPortalAccounts(reference);
  client = signedIn.cookies.client;
  clientPartner = signedIn.partners.client;
});
afterAll(async () => {
  delete process.env.COMPANY_NAME;
  await reference?.dispose();
});

describe('the setting', () => {
  it.each([
    ['portal', readPortalSettings],
    ['back office', readBackofficeSettings],
  ] as const)('is read by the %s with the same default and the same checks', (_who, read) => {
    const value = (env: Record<string, string>) => {
      const checked = read(env);
      return checked.ok ? checked.settings.COMPANY_NAME : checked.problems;
    };
    expect(value({})).toBe('Harbour Freight');
    expect(value({ COMPANY_NAME: '  ' })).toBe('Harbour Freight');
    expect(value({ COMPANY_NAME: ` ${COMPANY} ` })).toBe(COMPANY);
    expect(value({ COMPANY_NAME: 'Blue\nAnchor' })).toEqual([
      'COMPANY_NAME must be a company name of 1 to 80 characters, on one line, got "Blue\\nAnchor".',
    ]);
  });
});

describe('the portal', () => {
  it('hands the name to the browser with the root data, and titles every page with it', async () => {
    const { loader: root } = await import('../../app/root');
    const answer = await root(args(pageRequest('/auth/login')));
    expect(answer.data.company).toBe(COMPANY);
    const terms = await import('../../app/routes/pages.terms-of-service');
    const title = async (language: string) =>
      (await terms.loader(args(pageRequest('/pages/terms-of-service', { language })))).title;
    expect(await title('en')).toBe(`Terms of Service · ${COMPANY}`);
    expect(await title('ar')).toMatch(new RegExp(` · ${ISOLATED}$`));
    const { i18nFor } = await import('../../app/services/i18n.server');
    for (const language of ['en', 'fr', 'ar', 'zh'] as const) {
      // The brand of the frame, the sign-in pages and the legal pages.
      expect((await i18nFor(language)).getFixedT(language, 'common')('app.name')).toBe(COMPANY);
    }
  });

  it('names the company in the legal pages and on the shared-document page, isolated in Arabic', async () => {
    const { i18nFor } = await import('../../app/services/i18n.server');
    const t = async (language: 'en' | 'fr' | 'ar' | 'zh', key: string) =>
      (await i18nFor(language)).getFixedT(language, 'pages')(key, { address: 'Jebel Ali', email: 'x@y' });
    expect(await t('en', 'terms.intro')).toContain(`the ${COMPANY} portal`);
    expect(await t('fr', 'privacy.sections.controller.body')).toMatch(new RegExp(`^${COMPANY}, Jebel Ali`));
    expect(await t('zh', 'accessibility.intro')).toContain(`${COMPANY} 门户`);
    expect(await t('ar', 'terms.intro')).toContain(`لبوابة ${ISOLATED}.`);
    expect(await t('en', 'common:shared.intro')).toBe(
      `Someone shared this document with you from the ${COMPANY} portal.`,
    );
  });

  it('issues documents in its name: the header of the sheet and the signature', async () => {
    const { ClearanceReceipt } = await import('../../app/components/documents/clearance-receipt');
    const { documentHtml } = await import('../../app/services/documents/document-html.server');
    const { loader } = await import('../../app/routes/_portal.apps.shipping.clearance-receipt.$id');
    const { id } = await reference.backoffice.database
      .selectFrom('shipping_orders')
      .select('id')
      .where('partner_id', '=', clientPartner)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const path = `/apps/shipping/clearance-receipt/${id}`;
    const { order } = await loader(withParams(pageRequest(path, { cookie: client }), { id: String(id) }));
    const page = (language: 'en' | 'ar') =>
      documentHtml({
        element: createElement(ClearanceReceipt, { order }),
        language,
        title: 'Receipt',
        origin: 'http://127.0.0.1:3000',
      });
    const english = await page('en');
    expect(english).toContain(`>${COMPANY}<`);
    expect(english).toContain(`For ${COMPANY}`);
    expect(english).not.toContain('Harbour Freight');
    expect(await page('ar')).toContain(`عن ${ISOLATED}`);
  });
});

describe('the back office', () => {
  it('names the two-step key in the authenticator app after the company', async () => {
    const session = await reference.login('client@example.com');
    const setup = await reference.call('setupTwoFactor', { session });
    const url = new URL((setup.body as { otpauth_url: string }).otpauth_url);
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/${COMPANY}:client@example.com`);
    expect(url.searchParams.get('issuer')).toBe(COMPANY);
  });

  it('speaks for the company in the account mails and the notification mails', async () => {
    const email = 'company-name@example.com';
    const signup = { email, password: 'anchor-chain-passphrase-7', firstName: 'Lena' };
    expect((await reference.call('signup', { body: { ...signup, lang: 'ar' } })).status).toBe(200);
    const welcome = (await reference.outbox()).find((mail) => mail.to === email);
    expect(welcome?.subject).toBe(`حسابك لدى ${ISOLATED} جاهز`);

    const notification = notificationMail(
      { portalUrl: 'http://portal.test', sealer: createSealer(Buffer.alloc(32)), companyName: COMPANY },
      { userId: 1, email, name: 'Lena', lang: 'en' },
      { id: 7, kind: 'request_approved', params: { id: 12 } },
    );
    expect(notification.text).toContain(`an account on the ${COMPANY} customer portal`);
    expect(notification.html).toContain(`the ${COMPANY} customer portal`);
  });

  it('sends from the company when MAIL_FROM is unset, quoting a name an address would split', () => {
    expect(defaultSender(COMPANY)).toBe(`${COMPANY} <no-reply@example.com>`);
    expect(defaultSender('Acme, Inc. "Sea"')).toBe('"Acme, Inc. \\"Sea\\"" <no-reply@example.com>');
  });
});

describe('the Arabic texts', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const files = [
    ...readdirSync(path.join(root, 'app/locales/ar')).map((file) => `app/locales/ar/${file}`),
    'backoffice/mail-texts/ar.json',
  ];

  it('isolate the company name wherever it sits in an Arabic sentence (FSI … PDI)', () => {
    const bare: string[] = [];
    for (const file of files) {
      const texts = flatten(JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Tree);
      for (const [key, text] of texts) {
        if (!text.includes('{{company}}') || text === '{{company}}') continue;
        if (text.replaceAll('\u2068{{company}}\u2069', '').includes('{{company}}'))
          bare.push(`${file}: ${key}`);
      }
    }
    expect(bare).toEqual([]);
  });
});
