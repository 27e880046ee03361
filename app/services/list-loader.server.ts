// What every list page's loader does: check the role, read the list state from the URL, load the page,
// and turn a failure into a message in the reader's language (shown with a retry, never as an empty list).
import type { z } from 'zod';
import type { Namespace } from '~/i18n';
import { rolesFor } from './access';
import { requireUser, type SignedIn } from './auth.server';
import { loadPart } from './errors.server';
import { pageTools } from './page.server';

export async function loadListPage<S extends z.ZodTypeAny, R>(
  request: Request,
  options: {
    screen: string;
    namespace: Namespace;
    params: S;
    /** Names the list in the server log when loading fails. */
    context: string;
    load: (signedIn: SignedIn, params: z.infer<S>, url: URL) => Promise<R>;
  },
) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(options.screen) });
  const { t, title, common } = await pageTools(request, options.namespace);
  const url = new URL(request.url);
  const params: z.infer<S> = options.params.parse(Object.fromEntries(url.searchParams));
  const loaded = await loadPart(options.load(signedIn, params, url), options.context, common);
  return { signedIn, t, common, title, url, params, page: loaded.value, loadError: loaded.error };
}
