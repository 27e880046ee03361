import { describe, expect, it } from 'vitest';
import { HOME, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it.each([
    ['/apps/loans?tab=denied', '/apps/loans?tab=denied'],
    ['/dashboards/modern#top', '/dashboards/modern#top'],
    ['  /auth/login  ', '/auth/login'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example',
    'http:evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '%2F%2Fevil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    // Dot segments and encoded dots resolve to "//evil.example" in the browser.
    '/.//evil.example',
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.%2e//evil.example',
    '/a/..//evil.example',
    '/a/b/../..//evil.example',
    '/./\\evil.example',
    '/.\\/evil.example',
    '/.//\tevil.example',
    '/./\n/evil.example',
    '/.//evil.example/%2e%2e',
    '\t//evil.example',
    'evil.example',
    '',
    null,
    undefined,
  ])('refuses %j and falls back home', (input) => {
    expect(safeRedirect(input)).toBe(HOME);
  });

  it('keeps an encoded slash inside a path on this site', () => {
    expect(safeRedirect('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });

  it('uses the fallback given', () => {
    expect(safeRedirect('//evil', '/auth/login')).toBe('/auth/login');
  });
});
