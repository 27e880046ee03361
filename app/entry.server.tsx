// Renders each page on the server: translations, Emotion styles extracted into the head, CSP nonce.
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from '@remix-run/node';
import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
import { I18nextProvider } from 'react-i18next';
import { logger } from '../server/logger.js';
import { loggedPath } from '../server/request-log.js';
import { MarkupKeeperContext } from './components/kept-markup';
import { NonceContext } from './components/nonce';
import { markActivity } from './services/activity.server';
import { renderHtml } from './services/html-stream.server';
import { i18nFor } from './services/i18n.server';
import { markupKeeper } from './services/kept-markup.server';
import { getPreferences } from './services/preferences.server';
import { env } from './services/env.server';
import { createRenderMemo, renderKey } from './services/render-memo.server';
import { routeNamespaces, type Language } from './i18n';
import { createEmotionCache } from './theme/emotion.server';

const ABORT_DELAY_MS = 10_000;

/** What the server's shutdown closes once the requests under way have finished (server.js). */
export async function releaseResources(): Promise<void> {
  const [{ closeDocumentRenderer }, { closeBackoffice }] = await Promise.all([
    import('./services/documents/documents.server'),
    import('./services/backoffice/client.server'),
  ]);
  await Promise.allSettled([closeDocumentRenderer(), closeBackoffice()]);
}

/** Pages rendered from the same inputs in the same minute are sent again without rendering (ADR 023). */
const renderMemo = createRenderMemo();

/**
 * An error a loader, an action or the render did not expect: into the log with its stack and the
 * request's id. The page shows a plain message in the user's language (GeneralErrorBoundary); Remix,
 * in production mode (server/portal-server.js), sends the browser neither the message nor the stack.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  // A request the browser gave up (a navigation away) is no error of ours.
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  logger.error(
    {
      // A route error response (an unknown URL's 404) keeps the original error inside it.
      err: isRouteErrorResponse(error) && 'error' in error && error.error ? error.error : error,
      method: request.method,
      path: loggedPath(url.pathname + url.search),
    },
    'unexpected error',
  );
}

/** A signed-in user's pages and data are theirs alone: never stored by the browser or a proxy. */
function markPrivate(request: Request, headers: Headers) {
  if (/(?:^|;\s*)__session=/.test(request.headers.get('Cookie') ?? '')) {
    headers.set('Cache-Control', 'private, no-store');
  }
}

export async function handleDataRequest(response: Response, { request }: { request: Request }) {
  markPrivate(request, response.headers);
  await markActivity(request, response.headers);
  return response;
}

type RenderOptions = {
  request: Request;
  remixContext: EntryContext;
  responseStatusCode: number;
  nonce: string;
  language: Language;
  dir: 'ltr' | 'rtl';
};

/** The page's HTML, with Emotion's critical styles at the end of its head. */
async function renderPage({
  request,
  remixContext,
  responseStatusCode,
  nonce,
  language,
  dir,
}: RenderOptions) {
  // Only the namespaces the matched routes declare, as the browser will have them (ADR 036).
  const { matches } = remixContext.staticHandlerContext;
  const namespaces = routeNamespaces(
    matches.map((match) => remixContext.routeModules[match.route.id]?.handle),
  );
  const i18n = await i18nFor(language, namespaces);
  const cache = createEmotionCache(dir, { nonce });
  const emotion = createEmotionServer(cache);
  // The frame's parts kept as HTML (ADR 064); in development every part is rendered, so edits show at once.
  const keeper = env().NODE_ENV === 'production' ? markupKeeper(i18n, language, dir) : null;

  // Rendered whole before sending, so that the critical styles can go into the head (no flash).
  const html = await renderHtml(
    <NonceContext.Provider value={nonce}>
      <I18nextProvider i18n={i18n}>
        <CacheProvider value={cache}>
          <MarkupKeeperContext.Provider value={keeper}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
          </MarkupKeeperContext.Provider>
        </CacheProvider>
      </I18nextProvider>
    </NonceContext.Provider>,
    {
      nonce,
      abortDelayMs: ABORT_DELAY_MS,
      onError(error) {
        // A 500 was logged by handleError already.
        if (responseStatusCode < 500) logger.error({ err: error }, 'page render failed');
      },
    },
  );

  // A page that drew nothing with Emotion (most, since the UI layer) has no styles to add: its HTML is
  // neither searched nor copied for them.
  if (Object.keys(cache.inserted).length === 0) return html;
  // At the end of <head>: React tolerates extra trailing nodes there while hydrating, not ones in between.
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return html.replace('</head>', `${styles}</head>`);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? '';
  const { language, dir } = await getPreferences(request);
  const { loaderData, actionData, errors } = remixContext.staticHandlerContext;
  const key =
    nonce && env().NODE_ENV === 'production'
      ? renderKey({
          url: request.url,
          language,
          dir,
          statusCode: responseStatusCode,
          loaderData,
          actionData,
          errors,
          now: Date.now(),
        })
      : null;
  const kept = key === null ? undefined : renderMemo.get(key, nonce);
  const page =
    kept ?? (await renderPage({ request, remixContext, responseStatusCode, nonce, language, dir }));
  // A page just rendered goes out as the bytes it is kept as.
  const body = key !== null && typeof page === 'string' ? renderMemo.set(key, page, nonce) : page;

  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  if (kept !== undefined) responseHeaders.set('X-Render-Memo', 'hit');
  markPrivate(request, responseHeaders);
  await markActivity(request, responseHeaders);
  return new Response(body, { status: responseStatusCode, headers: responseHeaders });
}
