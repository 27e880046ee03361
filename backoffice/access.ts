import type { RoleName } from '@contract';
import type { Database } from './data/database';
import { findCustomer } from './partners';

/** Roles whose holders work for the forwarder and may see every customer's records. */
const STAFF_ROLES: readonly RoleName[] = ['admin', 'warehouse_agent'];

export interface Principal {
  id: number;
  partnerId: number;
  roles: readonly string[];
}

/** Roles are matched by name, case-insensitively (spec section 6). */
export function hasRole(principal: Principal, role: RoleName): boolean {
  return principal.roles.some((name) => name.toLowerCase() === role);
}

export function isStaff(principal: Principal): boolean {
  return STAFF_ROLES.some((role) => hasRole(principal, role));
}

/** Staff may see any user; anyone else only themselves. Callers answer 404 otherwise, never 403. */
export function canSeeUser(principal: Principal, userId: number): boolean {
  return isStaff(principal) || principal.id === userId;
}

/**
 * The one partner whose records (requests, later orders, loans, invoices) the principal may see, or
 * null when it may see every customer's. Callers answer 404 for anything outside it, never 403.
 */
export function partnerScope(principal: Principal): number | null {
  return isStaff(principal) ? null : principal.partnerId;
}

/** Whether the principal may see, or file, a record of this partner. */
export function canSeePartner(principal: Principal, partnerId: number): boolean {
  const scope = partnerScope(principal);
  return scope === null || scope === partnerId;
}

/** Approving or rejecting a customer's request is staff work. */
export function canReviewRequests(principal: Principal): boolean {
  return isStaff(principal);
}

/**
 * The customer partner the principal may act on (its contact and image, filing a request for it): a
 * client its own, staff any customer. Null, which callers answer with 404, for another customer, the
 * forwarder's own partner and an unknown one.
 */
export async function customerInScope(
  db: Database,
  principal: Principal,
  partnerId: number,
): Promise<{ id: number; name: string } | null> {
  if (!canSeePartner(principal, partnerId)) return null;
  const customer = await findCustomer(db, partnerId);
  return customer && { id: customer.id, name: customer.name };
}

/** The customer directory (listing, reading, adding customers) is staff work: 403 for anyone else. */
export function canManageCustomers(principal: Principal): boolean {
  return isStaff(principal);
}

/**
 * Shipping work is staff work (403 for a client): orders from requests, tracking events, drivers and
 * suppliers.
 */
export function canManageShipments(principal: Principal): boolean {
  return isStaff(principal);
}

/** Every order at once and the containers are the admin's views (403 for agents and clients). */
export function canAdministerShipments(principal: Principal): boolean {
  return hasRole(principal, 'admin');
}

/** Turning requests into loans, approving and denying them, and every client's loans: staff (403). */
export function canManageLoans(principal: Principal): boolean {
  return isStaff(principal);
}

/** Only staff work at a warehouse: reading or setting one's warehouse is 403 for a client. */
export function canSetWarehouse(principal: Principal): boolean {
  return isStaff(principal);
}

/**
 * Invoices in draft and finding any customer's invoice by its number are staff work: a client is
 * refused a staff call (403) and never sees a draft (404, as for a record outside its scope).
 */
export function canManageInvoices(principal: Principal): boolean {
  return isStaff(principal);
}
