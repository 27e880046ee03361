// The warehouse a staff member works at, and the default it gives the staff lists: orders, containers
// and requests open on the warehouse's origin, with "all origins" one click away (`origin=all`).
import type { Origin } from '~/catalog';
import { isStaff } from './access';
import type { SignedIn } from './auth.server';
import { isBackofficeError } from './backoffice/client.server';
import type { CallInput, Warehouse } from '@contract';
import { reportError } from './errors.server';

export function getWarehouse(signedIn: SignedIn) {
  return signedIn.backoffice.call('getWarehouse');
}

export function saveWarehouse(signedIn: SignedIn, body: CallInput<'updateWarehouse'>['body']) {
  return signedIn.backoffice.call('updateWarehouse', { body });
}

/** The staff member no longer works at a warehouse: lists open on every origin again. */
export function clearWarehouse(signedIn: SignedIn) {
  return signedIn.backoffice.call('clearWarehouse');
}

/** What a list shows by origin: the one in the URL, else (staff) the warehouse's; `all` for none. */
export interface OriginChoice {
  origin: Origin | undefined;
  /** Set when the warehouse chose the origin (the page says so, with a way to see all). */
  warehouse: Pick<Warehouse, 'name' | 'origin'> | null;
}

export async function originFor(
  signedIn: SignedIn,
  url: URL,
  fromUrl: Origin | undefined,
): Promise<OriginChoice> {
  const asked = url.searchParams.get('origin');
  if (asked !== null && asked !== '')
    return { origin: asked === 'all' ? undefined : fromUrl, warehouse: null };
  if (!isStaff(signedIn.user.roles)) return { origin: fromUrl, warehouse: null };
  try {
    const { warehouse } = await getWarehouse(signedIn);
    return warehouse
      ? { origin: warehouse.origin, warehouse: { name: warehouse.name, origin: warehouse.origin } }
      : { origin: undefined, warehouse: null };
  } catch (error) {
    // An ended session ends the page (its redirect); anything else only loses the default (a back
    // office without the extension answers 404).
    if (error instanceof Response) throw error;
    if (!isBackofficeError(error, 'not_found')) reportError('warehouse default', error);
    return { origin: undefined, warehouse: null };
  }
}
