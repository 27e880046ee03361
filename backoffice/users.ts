import type { BackofficeUser, RoleName } from '@contract';
import type { Principal } from './access';
import { isUniqueViolation, type Db } from './db';
import { createPartner, type NewPartner } from './partners';

export interface UserRecord extends Principal {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  userImage: string | null;
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
  active: number;
  created_at: string;
}

const USER_COLUMNS =
  'id, email, password_hash, first_name, last_name, partner_id, user_image, active, created_at';

function rolesOf(db: Db, userId: number): string[] {
  // rowid order keeps the roles in the order they were granted: the first one is "the" role.
  return db
    .prepare('SELECT role FROM user_roles WHERE user_id = ? ORDER BY rowid')
    .pluck()
    .all(userId)
    .map(String);
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
    active: row.active === 1,
    createdAt: row.created_at,
    roles,
  };
}

export function findUserByEmail(db: Db, email: string): UserRecord | null {
  const row = db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE email = ?`).get(email) as
    UserRow | undefined;
  return row ? toRecord(row, rolesOf(db, row.id)) : null;
}

export function findUserById(db: Db, id: number): UserRecord | null {
  const row = db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`).get(id) as UserRow | undefined;
  return row ? toRecord(row, rolesOf(db, row.id)) : null;
}

export function listUsers(db: Db): UserRecord[] {
  const rows = db.prepare(`SELECT ${USER_COLUMNS} FROM users ORDER BY id`).all() as UserRow[];
  const roles = new Map<number, string[]>();
  const roleRows = db.prepare('SELECT user_id, role FROM user_roles ORDER BY rowid').all() as {
    user_id: number;
    role: string;
  }[];
  for (const { user_id, role } of roleRows) roles.set(user_id, [...(roles.get(user_id) ?? []), role]);
  return rows.map((row) => toRecord(row, roles.get(row.id) ?? []));
}

export function countUsers(db: Db): number {
  return Number(db.prepare('SELECT count(*) FROM users').pluck().get());
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
  };
}

export function setPasswordHash(db: Db, userId: number, passwordHash: string): void {
  db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, userId);
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

/** Creates the user (and its partner when given one to create) in one transaction. */
export function createAccount(db: Db, account: NewAccount, now: Date): { userId: number; partnerId: number } {
  return db
    .transaction(() => {
      if (findUserByEmail(db, account.email)) throw new EmailTakenError();
      const partnerId =
        typeof account.partner === 'number' ? account.partner : createPartner(db, account.partner, now);
      let userId: number;
      try {
        const result = db
          .prepare(
            `INSERT INTO users (email, password_hash, first_name, last_name, partner_id, created_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
          )
          .run(
            account.email,
            account.passwordHash,
            account.firstName,
            account.lastName,
            partnerId,
            now.toISOString(),
          );
        userId = Number(result.lastInsertRowid);
      } catch (error) {
        if (isUniqueViolation(error, 'users.email')) throw new EmailTakenError();
        throw error;
      }
      const grant = db.prepare('INSERT INTO user_roles (user_id, role) VALUES (?, ?)');
      for (const role of account.roles) grant.run(userId, role);
      return { userId, partnerId };
    })
    .immediate();
}
