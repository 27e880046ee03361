// What every page's loader needs besides its data: a translation function and the page's title.
import type { Namespace } from '~/i18n';
import { i18next } from './i18n.server';

export async function pageTools(request: Request, namespace: Namespace = 'common') {
  const [t, common] = await Promise.all([
    i18next.getFixedT(request, namespace),
    i18next.getFixedT(request, 'common'),
  ]);
  return {
    t,
    /** "Page · Product", for `titleMeta`. */
    title: (page: string) => common('pageTitle', { page, app: common('app.name') }),
    common,
  };
}
