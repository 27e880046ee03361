// Documents shared by signed links: the back office keeps the links (hashed) and their expiry, and
// answers the file to anyone holding a valid one, without an account; a document's page lists its
// live links and revokes them.
import { type SignedIn } from './auth.server';
import { backoffice, isBackofficeError } from './backoffice/client.server';
import { shareToken, type CallAnswer, type ShareKind, type ShareLinkInfo } from '@contract';
import { reportError } from './errors.server';

/** The shared file, or null for a malformed, tampered, unknown or expired link (never told apart). */
export async function loadSharedDocument(
  token: string | undefined,
): Promise<CallAnswer<'getSharedDocument'> | null> {
  const parsed = shareToken.safeParse(token);
  if (!parsed.success) return null;
  try {
    return await backoffice().call('getSharedDocument', { params: { token: parsed.data } });
  } catch (error) {
    if (isBackofficeError(error, 'not_found')) return null;
    throw error;
  }
}

/**
 * The live share links of one document the user may read (the page has already loaded the document),
 * or null when the list cannot be had just now: the page then still shows the document.
 */
export async function shareLinksOf(
  request: Request,
  signedIn: SignedIn,
  kind: ShareKind,
  targetId: number,
): Promise<ShareLinkInfo[] | null> {
  try {
    const answer = await signedIn.backoffice.call('listShares', { query: { kind, target_id: targetId } });
    return answer.shares;
  } catch (error) {
    if (error instanceof Response) throw error;
    reportError(`share links of ${kind} ${targetId}`, error);
    return null;
  }
}

/** Ends a share link now; another customer's link or an unknown one is the 404 page. */
export function revokeShareLink(signedIn: SignedIn, id: number) {
  return signedIn.backoffice.record('revokeShare', { params: { id } });
}
