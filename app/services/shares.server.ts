// Documents shared by signed links: the back office keeps the links (hashed) and their expiry, and
// answers the file to anyone holding a valid one, without an account.
import { backoffice, isBackofficeError } from './backoffice/client.server';
import { shareToken, type CallAnswer } from './backoffice/contract';

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
