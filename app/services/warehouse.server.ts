// The warehouse a staff member works at, and the default it gives the staff lists: orders, containers
// and requests open on the warehouse's origin, with "all origins" one click away (`origin=all`).
import type { Origin } from '~/catalog';
import { isStaff } from './access';
import type { SignedIn } from './auth.server';
import { backoffice, isBackofficeError } from './backoffice/client.server';
import type { Warehouse } from '@contract';
import { reportError } from './errors.server';

export function getWarehouse(signedIn: SignedIn) {
  return backoffice().call('getWarehouse', { session: signedIn.session });
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
    // An ended session ends the page; anything else only loses the default (a back office without the
    // extension answers 404).
    if (isBackofficeError(error, 'unauthorized')) throw error;
    if (!isBackofficeError(error, 'not_found')) reportError('warehouse default', error);
    return { origin: undefined, warehouse: null };
  }
}
