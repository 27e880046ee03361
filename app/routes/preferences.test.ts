import { beforeAll, describe, expect, it } from 'vitest';
import { args, cookiesFrom, formRequest, pageRequest } from '../../tests/unit/portal-server';

beforeAll(() => {
  process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-signing-cookies';
});

async function preferencesAfter(cookie: string, language?: string) {
  const { getPreferences } = await import('~/services/preferences.server');
  return getPreferences(pageRequest('/', { cookie, language }));
}

describe('preferences', () => {
  it('defaults to English, left to right, and the spec appearance', async () => {
    expect(await preferencesAfter('')).toEqual({
      language: 'en',
      dir: 'ltr',
      appearance: {
        theme: 'BLUE_THEME',
        mode: 'light',
        layout: 'boxed',
        horizontal: false,
        collapse: false,
        cardShadow: true,
        borderRadius: 7,
      },
    });
  });

  it('takes the language from Accept-Language when there is no cookie', async () => {
    expect(await preferencesAfter('', 'ar,en;q=0.5')).toMatchObject({ language: 'ar', dir: 'rtl' });
    expect(await preferencesAfter('', 'zh-CN,zh;q=0.9')).toMatchObject({ language: 'zh', dir: 'ltr' });
  });

  it('keeps the chosen language in a cookie, over Accept-Language, and returns to the page', async () => {
    const { action } = await import('./preferences');
    const response = await action(
      args(
        formRequest('/preferences', { intent: 'language', lng: 'ar', redirectTo: '/dashboards/modern?x=1' }),
      ),
    );
    expect(response.headers.get('Location')).toBe('/dashboards/modern?x=1');
    expect(await preferencesAfter(cookiesFrom(response), 'fr')).toMatchObject({ language: 'ar', dir: 'rtl' });
  });

  it('saves the appearance, and direction only when it differs from the language', async () => {
    const { action } = await import('./preferences');
    const fields = {
      intent: 'appearance',
      theme: 'PURPLE_THEME',
      mode: 'dark',
      dir: 'rtl',
      layout: 'full',
      horizontal: 'true',
      cardShadow: 'false',
      borderRadius: '12',
      redirectTo: '/dashboards/modern',
    };
    const response = await action(args(formRequest('/preferences', fields)));
    const saved = await preferencesAfter(cookiesFrom(response));
    expect(saved).toEqual({
      language: 'en',
      dir: 'rtl',
      appearance: {
        theme: 'PURPLE_THEME',
        mode: 'dark',
        dir: 'rtl',
        layout: 'full',
        horizontal: true,
        collapse: false,
        cardShadow: false,
        borderRadius: 12,
      },
    });

    // Switching language gives back the language's own direction.
    const switched = await action(
      args(formRequest('/preferences', { intent: 'language', lng: 'fr' }, { cookie: cookiesFrom(response) })),
    );
    const after = await preferencesAfter(cookiesFrom(switched));
    expect(after).toMatchObject({
      language: 'fr',
      dir: 'ltr',
      appearance: { mode: 'dark', theme: 'PURPLE_THEME' },
    });
  });

  it('ignores values outside the lists and never redirects off-site', async () => {
    const { action } = await import('./preferences');
    const response = await action(
      args(
        formRequest('/preferences', { intent: 'language', lng: 'xx', redirectTo: 'https://evil.example' }),
      ),
    );
    expect(response.headers.get('Location')).toBe('/');
    expect(response.headers.get('Set-Cookie')).toBeNull();
  });

  it('falls back to defaults for a tampered appearance cookie', async () => {
    expect((await preferencesAfter('appearance=eyJtb2RlIjoibmVvbiJ9')).appearance.mode).toBe('light');
  });
});
