// Files the portal hands out (attachments, documents): the headers that make them a download, and the
// answer when the back office refuses or fails.
import formatContentDisposition from 'content-disposition';
import { isBackofficeError } from './backoffice/client.server';
import type { CallAnswer } from '@contract';
import { reportError } from './errors.server';
import { translator } from './i18n.server';
import { safeFilename } from './uploads.server';

/**
 * `attachment; filename="…"; filename*=UTF-8''…`: the name as it was given (Arabic, Chinese, accents,
 * emoji) in `filename*`, an ASCII stand-in in `filename` for clients that do not read it; no directory
 * part, no control characters, quotes escaped.
 */
export function contentDisposition(
  filename: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const name = safeFilename(filename);
  // Accents dropped rather than replaced ("Résumé" → "Resume"), anything else outside ASCII → "_".
  const fallback = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  return formatContentDisposition(name, { type: disposition, fallback });
}

/**
 * Types a browser may show in a tab ("view"): none runs script (no SVG, no HTML); anything else is
 * always downloaded.
 */
const VIEWABLE = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

type StoredFile = CallAnswer<'getShippingRequestAttachment'>;

/** The file as a download; a refusal is a 404 (another customer's file is never told apart). */
export async function fileDownload(
  request: Request,
  context: string,
  load: () => Promise<StoredFile>,
  options: { view?: boolean } = {},
): Promise<Response> {
  try {
    const file = await load();
    const body = Buffer.from(file.data, 'base64');
    const inline = options.view === true && VIEWABLE.has(file.mimetype);
    return new Response(body, {
      headers: {
        'Content-Type': file.mimetype,
        'Content-Length': String(body.length),
        'Content-Disposition': contentDisposition(file.filename, inline ? 'inline' : 'attachment'),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isBackofficeError(error, 'not_found') || isBackofficeError(error, 'forbidden')) {
      throw new Response('Not found', { status: 404 });
    }
    reportError(context, error);
    const t = await translator(request, 'common');
    throw new Response(t('errors.fileUnavailable'), {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '30' },
    });
  }
}
