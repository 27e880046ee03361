import type { BackofficeUser, RoleName } from '@contract';
import { sql, type SqlBool } from 'kysely';
import type { Principal } from './access';
import { inTransaction, type Database } from './data/database';
import { isUniqueViolation, lockKey } from './data/dialect';
import { insertPartner, type NewPartner } from './partners';

export interface UserRecord extends Principal {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  userImage: string | null;
  /** The version of the person's own picture, null without one (pictures.ts). */
  pictureVersion: number | null;
  active: boolean;
  createdAt: string;
}

interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  partner_id: number;
  user_image: string | null;
  picture_mimetype: string | null;
  picture_version: number;
  active: number;
  created_at: string;
}

const USER_COLUMNS = [
  'id',
  'email',
  'password_hash',
  'first_name',
  'last_name',
  'partner_id',
  'user_image',
  'picture_mimetype',
  'picture_version',
  'active',
  'created_at',
] as const;

/** An address compared as the one account it names, whatever its case (also beyond ASCII). */
export function sameEmail(column: string, email: string) {
  return sql<SqlBool>`lower(${sql.ref(column)}) = lower(${email})`;
}

async function rolesOf(db: Database, userId: number): Promise<string[]> {
  // A user holds one role (the first is "the" role); several are listed by name, the same on both engines.
  const rows = await db
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .orderBy('role')
    .execute();
  return rows.map((row) => row.role);
}

function toRecord(row: UserRow, roles: string[]): UserRecord {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    firstName: row.first_name,
    lastName: row.last_name,
    partnerId: row.partner_id,
    userImage: row.user_image,
    pictureVersion: row.picture_mimetype === null ? null : row.picture_version,
    active: row.active === 1,
    createdAt: row.created_at,
    roles,
  };
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRecord | null> {
  const row = await db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where(sameEmail('email', email))
    .executeTakeFirst();
  return row ? toRecord(row, await rolesOf(db, row.id)) : null;
}

export async function findUserById(db: Database, id: number): Promise<UserRecord | null> {
  const row = await db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row, await rolesOf(db, row.id)) : null;
}

export async function listUsers(db: Database): Promise<UserRecord[]> {
  const rows = await db.selectFrom('users').select(USER_COLUMNS).orderBy('id').execute();
  const roles = new Map<number, string[]>();
  const roleRows = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role'])
    .orderBy('user_id')
    .orderBy('role')
    .execute();
  for (const { user_id, role } of roleRows) roles.set(user_id, [...(roles.get(user_id) ?? []), role]);
  return rows.map((row) => toRecord(row, roles.get(row.id) ?? []));
}

/** How many accounts there are (the demo data is written into a database without any). */
export async function countAccounts(db: Database): Promise<number> {
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return n;
}

/** First and last name as one, as answers show a person (the last name may be empty). */
export function fullName(firstName: string, lastName: string | null): string {
  return [firstName, lastName].filter(Boolean).join(' ');
}

/** The user as the contract's `backofficeUser` describes it. */
export function toBackofficeUser(user: UserRecord): BackofficeUser {
  const name = fullName(user.firstName, user.lastName);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name,
    partner_id: user.partnerId,
    roles: user.roles.map((role) => ({ name: role })),
    role: user.roles[0] ?? null,
    profile_image: user.userImage,
    picture_version: user.pictureVersion,
  };
}

export async function setPasswordHash(db: Database, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

export class EmailTakenError extends Error {
  constructor() {
    super('An account with this e-mail already exists');
  }
}

export interface NewAccount {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  roles: readonly RoleName[];
  /** An existing partner's id, or the partner to create for this user. */
  partner: number | NewPartner;
}

/**
 * Creates the user (and its partner when given one to create) in one transaction; the unique address
 * decides between two at once (EmailTakenError).
 */
export async function insertAccount(
  db: Database,
  account: NewAccount,
  now: Date,
): Promise<{ userId: number; partnerId: number }> {
  return inTransaction(db, async (trx) => {
    // The same turn as a new customer's address check (partners.ts `createCustomer`).
    await lockKey(trx, `email:${account.email.toLowerCase()}`);
    if (await findUserByEmail(trx, account.email)) throw new EmailTakenError();
    const partnerId =
      typeof account.partner === 'number' ? account.partner : await insertPartner(trx, account.partner, now);
    let userId: number;
    try {
      ({ id: userId } = await trx
        .insertInto('users')
        .values({
          email: account.email,
          password_hash: account.passwordHash,
          first_name: account.firstName,
          last_name: account.lastName,
          partner_id: partnerId,
          created_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    } catch (error) {
      if (isUniqueViolation(error, 'users.email')) throw new EmailTakenError();
      throw error;
    }
    if (account.roles.length > 0) {
      await trx
        .insertInto('user_roles')
        .values(account.roles.map((role) => ({ user_id: userId, role })))
        .execute();
    }
    return { userId, partnerId };
  });
}
