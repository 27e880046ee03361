import type { Origin } from '../app/catalog';
import type { RoleName } from '@contract';
import type { Database } from './data/database';
import { findCustomer } from './partners';
import { findWarehouse } from './warehouses';

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
 * Whose records a data function may read or change: one customer partner's id, or null for every
 * customer's. Every finder of a customer's record (orders, requests, loans, invoices, their documents,
 * shares, contact details) takes it as a required argument right after the database and filters in SQL,
 * answering null (or nothing) for a record outside it, which the handler answers 404, never 403.
 */
export type PartnerScope = number | null;

/**
 * The trusted "every customer" scope, for data functions called where there is no principal: a share
 * token being resolved, a staff-only write checked by its handler (deciding a loan), a step no call
 * makes yet (recording a payment). Each use gives its reason in a comment just above it (a unit test
 * checks); a handler never uses it: with a session it passes `partnerScope(session.user)`.
 */
export const EVERY_CUSTOMER: PartnerScope = null;

/**
 * The one partner whose records (requests, orders, loans, invoices) the principal may see, or null
 * when it may see every customer's. Callers answer 404 for anything outside it, never 403.
 */
export function partnerScope(principal: Principal): PartnerScope {
  return isStaff(principal) ? null : principal.partnerId;
}

/**
 * Whose shipping orders the principal may see and work on (decision record 049): a customer its own
 * (a partner id); an administrator every order (null); a warehouse agent the orders leaving their
 * warehouse's origin and those they handle, or every order when they have set no warehouse (the head
 * office). Outside it an order is not found (404), as another customer's is.
 */
export type OrderScope = PartnerScope | { origin: Origin; handlerId: number };

export async function orderScope(db: Database, principal: Principal): Promise<OrderScope> {
  const partner = partnerScope(principal);
  if (partner !== null || hasRole(principal, 'admin')) return partner;
  const warehouse = await findWarehouse(db, principal.id);
  return warehouse ? { origin: warehouse.origin, handlerId: principal.id } : EVERY_CUSTOMER;
}

/** Approving or rejecting a customer's request is staff work. */
export function canReviewRequests(principal: Principal): boolean {
  return isStaff(principal);
}

/**
 * The customer partner the principal may act on, when the request names it (its contact and image,
 * filing a request, its loans, invoices and statement): a client its own, staff any customer. Null,
 * which callers answer with 404, for another customer, the forwarder's own partner and an unknown one.
 */
export async function customerInScope(
  db: Database,
  principal: Principal,
  partnerId: number,
): Promise<{ id: number; name: string } | null> {
  const customer = await findCustomer(db, partnerScope(principal), partnerId);
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
