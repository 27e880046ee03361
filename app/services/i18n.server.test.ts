// The shared i18next instances keep the translations they gave without values (ADR 056): a label is
// looked up once per instance, and a call with values (a count, a name) is translated every time.
import { createInstance } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18nConfig } from '~/i18n';
import { i18nFor, resources } from './i18n.server';

/** The same translation from an instance that keeps nothing. */
async function fresh(language: 'fr' | 'ar') {
  const instance = createInstance();
  await instance.init({ ...i18nConfig, lng: language, ns: ['common'], resources });
  return instance.getFixedT(language, 'common');
}

describe('kept translations', () => {
  it('looks a plain label up once and gives what a fresh instance gives', async () => {
    const i18n = await i18nFor('fr', ['common']);
    const t = i18n.getFixedT('fr', 'common');
    // The translator is i18next's own (not in its types): every lookup goes through it.
    const { translator } = i18n as unknown as { translator: { translate: (...args: unknown[]) => unknown } };
    const lookUp = vi.spyOn(translator, 'translate');
    const first = t('notifications.title');
    const second = t('notifications.title');
    expect(lookUp).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(first).toBe((await fresh('fr'))('notifications.title'));
    expect(first).not.toBe('notifications.title');
    lookUp.mockRestore();
  });

  it('keeps a translation with plain values under those values', async () => {
    const i18n = await i18nFor('fr', ['common']);
    const t = i18n.getFixedT('fr', 'common');
    const reference = await fresh('fr');
    const { translator } = i18n as unknown as { translator: { translate: (...args: unknown[]) => unknown } };
    const lookUp = vi.spyOn(translator, 'translate');
    expect(t('notifications.topbar', { count: 1 })).toBe(reference('notifications.topbar', { count: 1 }));
    expect(t('notifications.topbar', { count: 3 })).toBe(reference('notifications.topbar', { count: 3 }));
    expect(t('notifications.topbar', { count: 3 })).toContain('3');
    expect(lookUp).toHaveBeenCalledTimes(2);
    lookUp.mockRestore();
    // Values that are not plain (an object) are translated every time.
    const spied = vi.spyOn(translator, 'translate');
    t('notifications.topbar', { count: 2, extra: { nested: true } });
    t('notifications.topbar', { count: 2, extra: { nested: true } });
    expect(spied).toHaveBeenCalledTimes(2);
    spied.mockRestore();
  });

  it('gives one function per language, namespaces and prefix', async () => {
    const i18n = await i18nFor('fr', ['common']);
    expect(i18n.getFixedT('fr', 'common')).toBe(i18n.getFixedT('fr', 'common'));
    expect(i18n.getFixedT('fr', 'common', 'notifications')).not.toBe(i18n.getFixedT('fr', 'common'));
    expect((i18n.getFixedT('fr', 'common') as unknown as { ns: string }).ns).toBe('common');
  });

  it('keeps each language, namespace and prefix apart', async () => {
    const french = (await i18nFor('fr', ['common'])).getFixedT('fr', 'common');
    const arabic = (await i18nFor('ar', ['common'])).getFixedT('ar', 'common');
    expect(french('notifications.title')).toBe((await fresh('fr'))('notifications.title'));
    expect(arabic('notifications.title')).toBe((await fresh('ar'))('notifications.title'));
    expect(arabic('notifications.title')).not.toBe(french('notifications.title'));
    const prefixed = (await i18nFor('fr', ['common'])).getFixedT('fr', 'common', 'notifications');
    expect(prefixed('title')).toBe(french('notifications.title'));
  });
});
