import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { ATTACHMENT_LIMITS, CONTACT_IMAGE_LIMIT } from '@contract';
import {
  BODY_LIMITS,
  MULTIPART_PAGES,
  multipartLimit,
  bodyRefusal,
  contentSecurityPolicy,
  isCrossSiteWrite,
  refusalLanguage,
  refusalPage,
  trustProxySetting,
} from './security.js';

const expectedOrigin = 'https://portal.example';

describe('isCrossSiteWrite', () => {
  it.each([
    ['GET from anywhere', { method: 'GET', origin: 'https://evil.example' }, false],
    ['POST from the portal', { method: 'POST', origin: expectedOrigin }, false],
    ['POST from another site', { method: 'POST', origin: 'https://evil.example' }, true],
    ['POST from a sibling subdomain', { method: 'POST', origin: 'https://evil.portal.example' }, true],
    ['POST over the other scheme', { method: 'POST', origin: 'http://portal.example' }, true],
    ['POST from an opaque origin', { method: 'POST', origin: 'null' }, true],
    ['POST without Origin, cross-site fetch', { method: 'POST', secFetchSite: 'cross-site' }, true],
    ['POST without Origin, same-origin fetch', { method: 'POST', secFetchSite: 'same-origin' }, false],
    ['POST from a non-browser client', { method: 'POST' }, false],
    ['DELETE from another site', { method: 'DELETE', origin: 'https://evil.example' }, true],
  ])('%s', (_name, request, refused) => {
    expect(isCrossSiteWrite({ expectedOrigin, ...request })).toBe(refused);
  });
});

describe('contentSecurityPolicy', () => {
  it('allows scripts and styles only with the nonce, and no framing', () => {
    const policy = contentSecurityPolicy('abc');
    expect(policy).toContain(`script-src 'self' 'nonce-abc'`);
    expect(policy).toContain(`style-src 'self' 'nonce-abc'`);
    expect(policy).toContain(`frame-ancestors 'none'`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('names the analytics origin only when configured', () => {
    expect(contentSecurityPolicy('n', { analyticsOrigin: 'https://cdn.analytics.example' })).toContain(
      `script-src 'self' 'nonce-n' https://cdn.analytics.example`,
    );
  });
});

describe('the cross-site refusal page', () => {
  it('speaks the language of the lng cookie, then of Accept-Language, else English', () => {
    const cookie = (language: string) =>
      `other=1; lng=${encodeURIComponent(Buffer.from(JSON.stringify(language)).toString('base64'))}`;
    expect(refusalLanguage(cookie('ar'), 'fr')).toBe('ar');
    expect(refusalLanguage(cookie('de'), 'zh-CN,zh;q=0.9')).toBe('zh');
    expect(refusalLanguage('lng=garbage', 'de-DE, fr;q=0.8, en;q=0.5')).toBe('fr');
    expect(refusalLanguage(undefined, 'de')).toBe('en');
    expect(refusalLanguage(undefined, undefined)).toBe('en');
  });

  it('is a small page in that language and direction, with its texts escaped', () => {
    const page = refusalPage('ar', { title: 'لم يُرسَل <b>', body: 'x & y', back: 'رجوع' });
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain('<title>لم يُرسَل &#60;b&#62;</title>');
    expect(page).toContain('x &#38; y');
    expect(page).not.toContain('<script');
  });
});

describe('bodyRefusal', () => {
  const form = 'application/x-www-form-urlencoded';
  const multipart = 'multipart/form-data; boundary=x';
  it.each([
    ['a GET', { method: 'GET' }, null],
    ['a small form', { method: 'POST', contentType: form, contentLength: '120' }, null],
    [
      'a form at the limit',
      { method: 'POST', contentType: form, contentLength: String(BODY_LIMITS.form) },
      null,
    ],
    [
      'a form over the limit',
      { method: 'POST', contentType: form, contentLength: String(BODY_LIMITS.form + 1) },
      413,
    ],
    [
      'a JSON call over the form limit',
      { method: 'POST', contentType: 'application/json', contentLength: '2000000' },
      413,
    ],
    [
      'an upload of five 10 MB files to a request form',
      {
        method: 'POST',
        path: '/apps/request-for-shipping',
        contentType: multipart,
        contentLength: String(51 * 1024 * 1024),
      },
      null,
    ],
    [
      'the same through the page’s data request (JavaScript on)',
      {
        method: 'POST',
        path: '/apps/request-for-shipping.data',
        contentType: multipart,
        contentLength: String(51 * 1024 * 1024),
      },
      null,
    ],
    [
      'a 100 MB upload to a request form',
      {
        method: 'POST',
        path: '/apps/request-for-quotation',
        contentType: multipart,
        contentLength: String(100 * 1024 * 1024),
      },
      413,
    ],
    [
      'a 2 MB picture to account settings',
      {
        method: 'POST',
        path: '/pages/account-settings/image',
        contentType: multipart,
        contentLength: String(2 * 1024 * 1024),
      },
      null,
    ],
    [
      'a 10 MB "picture" to account settings',
      {
        method: 'POST',
        path: '/pages/account-settings/image',
        contentType: multipart,
        contentLength: String(10 * 1024 * 1024),
      },
      413,
    ],
    [
      'files to the sign-in page',
      { method: 'POST', path: '/auth/login', contentType: multipart, contentLength: '60000000' },
      415,
    ],
    [
      'files to the preferences form, without a length',
      {
        method: 'POST',
        path: '/preferences',
        contentType: 'Multipart/Form-Data; boundary=y',
        transferEncoding: 'chunked',
      },
      415,
    ],
    [
      'files to a page whose name only starts like a request form',
      { method: 'POST', path: '/apps/request-for-shipping-x', contentType: multipart, contentLength: '100' },
      415,
    ],
    ['a length with a sign', { method: 'POST', contentType: form, contentLength: '+12' }, 413],
    ['a length that is not a number', { method: 'POST', contentType: form, contentLength: 'lots' }, 413],
    [
      'a body without a declared length',
      { method: 'POST', contentType: form, transferEncoding: 'chunked' },
      411,
    ],
    ['a POST without a body', { method: 'POST' }, null],
  ])('%s', (_case, request, expected) => {
    expect(bodyRefusal(request)).toBe(expected);
  });
});

describe('the pages that take files', () => {
  /** The URL path of a flat route file: `_portal.apps.request-for-shipping.tsx` → `/apps/request-for-shipping`. */
  const pathOf = (file: string) =>
    '/' +
    file
      .replace(/\.tsx?$/, '')
      .split('.')
      .filter((segment) => !segment.startsWith('_'))
      .map((segment) => segment.replace(/^\$/, ':'))
      .join('/');

  it('are exactly the route files that read a multipart body', () => {
    const readers = readdirSync('app/routes')
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
      .filter((file) =>
        /multipart\/form-data|parseUploadForm|withUploadForm|request-actions\.server|withRecordForm/.test(
          readFileSync(`app/routes/${file}`, 'utf8'),
        ),
      )
      .map(pathOf)
      .sort();
    expect(readers).toEqual(Object.keys(MULTIPART_PAGES).sort());
  });

  it('take what the contract allows, and the form around it', () => {
    const attachments = ATTACHMENT_LIMITS.files * ATTACHMENT_LIMITS.bytes + BODY_LIMITS.form;
    expect(MULTIPART_PAGES['/apps/request-for-shipping']).toBe(attachments);
    expect(MULTIPART_PAGES['/pages/account-settings/image']).toBe(CONTACT_IMAGE_LIMIT + BODY_LIMITS.form);
    expect(MULTIPART_PAGES['/apps/requests/:id']).toBe(attachments);
  });

  it('match a record page by its path, one segment per parameter', () => {
    expect(multipartLimit('/apps/shipping-details/12')).toBe(MULTIPART_PAGES['/apps/shipping-details/:id']);
    expect(multipartLimit('/apps/loan/loan-details/LN-2026-0001.data')).not.toBeNull();
    expect(multipartLimit('/apps/shipping-details/12/edit')).toBeNull();
    expect(multipartLimit('/apps/requests')).toBeNull();
  });
});

describe('trustProxySetting', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['false', undefined],
    ['1', 1],
    [' 2 ', 2],
    ['true', true],
    ['loopback', 'loopback'],
    ['10.0.0.1, 10.0.0.2', '10.0.0.1, 10.0.0.2'],
  ])('%j → %j', (value, expected) => {
    expect(trustProxySetting(value)).toBe(expected);
  });
});
