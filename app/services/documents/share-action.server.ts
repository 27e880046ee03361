// The answers of a page's action to intent=share (the link, or why there is none, for ShareForm) and to
// intent=revoke (for SharedLinks).
import { data } from '@remix-run/node';
import type { ShareAnswer } from '~/components/documents/share-form';
import type { RevokeAnswer } from '~/components/documents/shared-links';
import type { SignedIn } from '../auth.server';
import type { CallAnswer } from '@contract';
import { messageKeyFor, reportError } from '../errors.server';
import { recordIdOr404 } from '../params.server';
import { revokeShareLink } from '../shares.server';
import { shareLink } from './share-links.server';
import { readForm } from '../form-body.server';

/**
 * Makes the share with `make` (the back office checks the user may see the document; `make` answers
 * the 404 page otherwise) and answers its public link, made by `link`.
 */
export async function shareAction(
  request: Request,
  target: string,
  make: () => Promise<CallAnswer<'shareInvoice'>>,
  link: (share: CallAnswer<'shareInvoice'>) => string,
) {
  try {
    const share = await make();
    return data<ShareAnswer>({ kind: 'share', target, link: link(share), expiresAt: share.expires_at });
  } catch (error) {
    if (error instanceof Response) throw error;
    reportError(`share ${target}`, error);
    return data<ShareAnswer>({ kind: 'shareFailed', target, message: messageKeyFor(error) }, { status: 503 });
  }
}

/**
 * The answer of a page's action to intent=revoke: ends the link `share_id` of one of the page's
 * documents; it then opens nothing, like an expired one. The back office checks the user may read the
 * document: another customer's link is 404.
 */
export async function revokeShareAction(request: Request, signedIn: SignedIn, formData: FormData) {
  const id = recordIdOr404(formData.get('share_id'));
  try {
    await revokeShareLink(signedIn, id);
    return data<RevokeAnswer>({ kind: 'revoked' });
  } catch (error) {
    if (error instanceof Response) throw error;
    reportError('revoke share link', error);
    return data<RevokeAnswer>({ kind: 'revokeFailed', message: messageKeyFor(error) }, { status: 503 });
  }
}

/**
 * A document page's action: intent=share makes a signed /invoice link with `make` (given the posted
 * form), intent=revoke ends one of the document's links; any other post is refused as a bad request.
 */
export async function documentShareAction(
  request: Request,
  signedIn: SignedIn,
  target: string,
  make: (formData: FormData) => Promise<CallAnswer<'shareInvoice'>>,
) {
  const formData = await readForm(request);
  if (formData.get('intent') === 'revoke') return revokeShareAction(request, signedIn, formData);
  if (formData.get('intent') !== 'share') throw new Response('Bad request', { status: 400 });
  return shareAction(
    request,
    target,
    () => make(formData),
    (share) => shareLink(request, share),
  );
}
