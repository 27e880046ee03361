// The portal's useTranslation: react-i18next's in the browser, a lookup on the server.
//
// On the server a page renders once, from a shared i18next instance whose translations are all loaded and
// never change (app/services/i18n.server.ts): there is no language to follow and nothing to wait for.
// react-i18next's hook still merges its options, makes state, a ref, a callback and two effects, and
// checks every namespace on each call: a list's status labels called it once a row. Here the server gives,
// for each instance and namespace, one answer made on first use: the same `t` (the instance's kept one,
// ADR 056), the instance, and ready. The browser keeps react-i18next's hook, which follows a change of
// language and waits for a route's namespaces. Hooks need not match between the server's render and the
// browser's, only within each.
import { useContext } from 'react';
// eslint-disable-next-line no-restricted-imports -- the one place react-i18next's hook is taken from
import { getI18n, I18nContext, useTranslation as useI18nextTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';

type Answer = ReturnType<typeof useI18nextTranslation>;

const answers = new WeakMap<I18n, Map<string, Answer>>();

function useServerTranslation(namespaces?: string | readonly string[]): Answer {
  // The provider's value carries its defaultNS too (I18nextProvider), which the context's type leaves out.
  const context = useContext(I18nContext) as { i18n?: I18n; defaultNS?: string | string[] } | undefined;
  const i18n = context?.i18n ?? getI18n();
  // As react-i18next chooses: the namespace asked for (the first of several), else the provider's, else
  // the instance's default.
  const asked = namespaces || context?.defaultNS || i18n.options.defaultNS || 'translation';
  const namespace = String(Array.isArray(asked) ? asked[0] : asked);
  let byNamespace = answers.get(i18n);
  if (!byNamespace) {
    byNamespace = new Map();
    answers.set(i18n, byNamespace);
  }
  let answer = byNamespace.get(namespace);
  if (!answer) {
    const t = i18n.getFixedT(null, namespace);
    answer = Object.assign([t, i18n, true], { t, i18n, ready: true }) as unknown as Answer;
    byNamespace.set(namespace, answer);
  }
  return answer;
}

export const useTranslation = (
  typeof document === 'undefined' ? useServerTranslation : useI18nextTranslation
) as typeof useI18nextTranslation;
