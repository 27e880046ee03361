// Reading a submitted form: a body that is not a readable form is the sender's mistake, answered 400.
import { translator } from './i18n.server';

/**
 * The submitted form. A body the platform cannot read as one — no or another content type (text, JSON),
 * a multipart body without its boundary or cut short — is thrown back as a 400 with a clear message in
 * the reader's language (the page's error boundary says the same), never a 500 and never logged as an
 * error: nothing on the server went wrong.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (error) {
    // The platform's parser says "this is not a form" with a TypeError; anything else is not ours to hide.
    if (!(error instanceof TypeError)) throw error;
    const t = await translator(request, 'common');
    throw new Response(t('errors.unreadableForm'), {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
}
