// What every page's loader needs besides its data: a translation function and the page's title.
import type { Namespace } from '~/i18n';
import { translator } from './i18n.server';

export async function pageTools(request: Request, namespace: Namespace = 'common') {
  const [t, common] = await Promise.all([translator(request, namespace), translator(request, 'common')]);
  return {
    t,
    /** "Page · Product", for `titleMeta`. */
    title: (page: string) => common('pageTitle', { page, app: common('app.name') }),
    common,
  };
}
