// The server's useTranslation gives what react-i18next's hook gives, from one answer per instance and
// namespace.
import { renderToStaticMarkup } from 'react-dom/server';
// eslint-disable-next-line no-restricted-imports -- compared with react-i18next's own hook
import { I18nextProvider, useTranslation as useI18nextTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Language } from '~/i18n';
import { i18nFor } from '~/services/i18n.server';
import { useTranslation } from './translation';

type Hook = typeof useTranslation;

function labels(hook: Hook, seen: unknown[]) {
  function Labels() {
    const shipping = hook('shipping');
    const { t: catalog } = hook(['catalog', 'shipping']);
    const { t: common, i18n } = hook();
    seen.push(shipping);
    return (
      <p lang={i18n.language}>
        {shipping.t('list.title')}|{shipping.t('list.count', { count: 3 })}|
        {catalog('orderStatuses.confirmed')}|{common('list.apply')}|{String(shipping.ready)}
      </p>
    );
  }
  return Labels;
}

async function render(language: Language, hook: Hook, seen: unknown[] = []) {
  const i18n = await i18nFor(language, ['common', 'catalog', 'shipping']);
  const Labels = labels(hook, seen);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n} defaultNS="common">
      <Labels />
    </I18nextProvider>,
  );
}

describe('useTranslation on the server', () => {
  it.each(['en', 'fr', 'ar', 'zh'] as const)('says what react-i18next says, in %s', async (language) => {
    const ours = await render(language, useTranslation);
    expect(ours).toBe(await render(language, useI18nextTranslation as Hook));
    expect(ours).toContain(`lang="${language}"`);
    expect(ours).toContain('|true</p>');
  });

  it('translates, in each namespace asked for', async () => {
    expect(await render('en', useTranslation)).toContain('My Shipping Orders|3 orders|Confirmed|Apply|true');
  });

  it('gives the same answer every time for an instance and a namespace', async () => {
    const seen: unknown[] = [];
    await render('en', useTranslation, seen);
    await render('en', useTranslation, seen);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);
  });
});
