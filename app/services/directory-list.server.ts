// The list loaders of drivers and suppliers (staff): search, active filter and page from the URL.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { directoryParams, type DirectoryParams } from '~/forms/shipping';
import type { SignedIn } from './auth.server';
import { loadListPage } from './list-loader.server';
import type { Page } from './paging';

export async function directoryListLoader<T>(
  { request }: LoaderFunctionArgs,
  screen: string,
  kind: 'drivers' | 'suppliers',
  list: (signedIn: SignedIn, params: DirectoryParams) => Promise<Page<T>>,
) {
  const { t, title, params, page, loadError } = await loadListPage(request, {
    screen,
    namespace: 'shipping',
    params: directoryParams,
    context: kind,
    load: list,
  });
  return { title: title(t(`${kind}.title`)), params, page, loadError };
}
