// Documents as downloads: a print layout rendered to PDF or PNG by the server's one renderer, answered
// as an attachment; a failed render sends the reader back to the document with a message instead.
import type { ReactElement } from 'react';
import { z } from 'zod';
import type { Language } from '~/i18n';
import { contentDisposition } from '../downloads.server';
import { env } from '../env.server';
import { reportError } from '../errors.server';
import { getLanguage } from '../i18n.server';
import { documentHtml } from './document-html.server';
import { DocumentRenderer, type DocumentFormat } from './renderer.server';

export const DOCUMENT_FORMATS = ['pdf', 'png'] as const;
const CONTENT_TYPES: Record<DocumentFormat, string> = { pdf: 'application/pdf', png: 'image/png' };

/** The query parameter naming a failed download on the page it came from (`?download_failed=pdf`). */
export const DOWNLOAD_FAILED_PARAM = 'download_failed';

let shared: DocumentRenderer | undefined;

/** The server's one renderer, made on first use (Chromium itself starts on the first render). */
export function documentRenderer(): DocumentRenderer {
  const settings = env();
  shared ??= new DocumentRenderer({
    executablePath: settings.CHROME_PATH,
    allowedOrigin: internalOrigin(),
    timeoutMs: settings.RENDER_TIMEOUT_MS,
    // A worker process (WEB_CONCURRENCY > 1) is given its share of the machine's RENDER_CONCURRENCY
    // (server/cluster.js): every worker has its own Chromium, and the machine's pages stay bounded.
    ...(settings.RENDER_CONCURRENCY ? { concurrency: settings.RENDER_CONCURRENCY } : {}),
  });
  return shared;
}

/** Closes the renderer's browser, if one was started (the server's shutdown, after requests finished). */
export async function closeDocumentRenderer(): Promise<void> {
  const renderer = shared;
  shared = undefined;
  await renderer?.close();
}

/** The portal as Chromium on this machine reaches it: loopback, never the public address. */
function internalOrigin(): string {
  const settings = env();
  return new URL(settings.PORTAL_INTERNAL_URL ?? `http://127.0.0.1:${settings.PORT}`).origin;
}

/** The `format` query parameter: pdf or png; anything else is not a page here (404). */
export function formatOr404(request: Request): DocumentFormat {
  const parsed = z.enum(DOCUMENT_FORMATS).safeParse(new URL(request.url).searchParams.get('format'));
  if (!parsed.success) throw new Response('Not found', { status: 404 });
  return parsed.data;
}

/**
 * Renders `element` in the reader's language and answers it as `filename`.pdf or .png. When rendering
 * fails, redirects to `backTo` with `?download_failed=<format>` so the page can say so.
 */
export async function documentDownload({
  request,
  element,
  title,
  filename,
  format,
  backTo,
  language,
}: {
  request: Request;
  element: ReactElement;
  title: string;
  /** Without extension, e.g. INV-2026-0012. */
  filename: string;
  format: DocumentFormat;
  backTo: string;
  language?: Language;
}): Promise<Response> {
  try {
    const html = await documentHtml({
      element,
      language: language ?? (await getLanguage(request)),
      title,
      origin: internalOrigin(),
    });
    const body = await documentRenderer().render({ html, format });
    return new Response(new Uint8Array(body), {
      headers: {
        'Content-Type': CONTENT_TYPES[format],
        'Content-Length': String(body.length),
        'Content-Disposition': contentDisposition(`${filename}.${format}`),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (error) {
    reportError(`render ${filename}.${format}`, error);
    const back = new URL(backTo, request.url);
    back.searchParams.set(DOWNLOAD_FAILED_PARAM, format);
    return new Response(null, { status: 303, headers: { Location: back.pathname + back.search } });
  }
}
