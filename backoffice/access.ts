import type { RoleName } from '../app/services/backoffice/contract';

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
