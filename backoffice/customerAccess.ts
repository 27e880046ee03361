/**
 * Customers' portal access, given by staff: an invitation makes the customer's account (with no password
 * anyone knows) and mails a single-use link, working for a week, to choose one; staff disable and
 * re-enable the access. Someone registering with the address of a customer staff entered gets the
 * same link instead of a second customer: choosing the password proves the address is theirs.
 */
import { INVITATION_DAYS } from '@contract';
import { inTransaction, type Database } from './data/database';
import { loginSucceeded } from './loginThrottle';
import { hashPassword } from './passwords';
import { issueResetToken } from './resetTokens';
import { deleteUserSessions } from './sessions';
import { newSecretToken } from './tokens';
import { EmailTakenError, insertAccount } from './users';

const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;

export type InvitationRefusal = 'not_found' | 'no_email' | 'joined' | 'disabled' | 'email_taken';

/**
 * Invites the customer (again, while the account is still waiting for its password): the account is
 * made when there is none, in this language, and a new link replaces any earlier one. The address and
 * the link's token, or why not.
 */
export async function inviteCustomer(
  db: Database,
  partnerId: number,
  language: string,
  now: Date,
): Promise<{ email: string; token: string } | InvitationRefusal> {
  // Hashed before the transaction: it takes a while, and nobody ever learns the password.
  const unusable = await hashPassword(newSecretToken());
  return inTransaction(db, async (trx) => {
    const partner = await trx
      .selectFrom('partners')
      .select(['id', 'name', 'email'])
      .where('id', '=', partnerId)
      .where('is_staff', '=', 0)
      .executeTakeFirst();
    if (!partner) return 'not_found';
    if (!partner.email) return 'no_email';
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email', 'active', 'invited_at', 'password_set_at'])
      .where('partner_id', '=', partnerId)
      .orderBy('id')
      .executeTakeFirst();
    let userId: number;
    let email: string;
    if (user) {
      if (user.active === 0) return 'disabled';
      if (user.invited_at === null || user.password_set_at !== null) return 'joined';
      userId = user.id;
      email = user.email;
    } else {
      const [firstName = partner.name, ...rest] = partner.name.trim().split(/\s+/);
      try {
        ({ userId } = await insertAccount(
          trx,
          {
            email: partner.email,
            passwordHash: unusable,
            firstName,
            lastName: rest.join(' '),
            roles: ['client'],
            partner: partnerId,
          },
          now,
        ));
      } catch (error) {
        if (error instanceof EmailTakenError) return 'email_taken';
        throw error;
      }
      email = partner.email;
    }
    await trx
      .updateTable('users')
      .set({ invited_at: now.toISOString(), language })
      .where('id', '=', userId)
      .execute();
    const token = await issueResetToken(trx, userId, now, INVITATION_MS);
    return { email, token };
  });
}

/** The customer staff entered with this address that has no account yet, if any. */
export async function customerWaitingFor(db: Database, email: string): Promise<number | null> {
  const row = await db
    .selectFrom('partners as p')
    .select('p.id')
    .where('p.is_staff', '=', 0)
    .where((eb) => eb(eb.fn('lower', ['p.email']), '=', email.toLowerCase()))
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('users as u').select('u.id').whereRef('u.partner_id', '=', 'p.id'))),
    )
    .orderBy('p.id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Whether the partner is a customer (not the forwarder's own partner, not unknown). */
async function isCustomer(db: Database, partnerId: number): Promise<boolean> {
  const partner = await db
    .selectFrom('partners')
    .select('id')
    .where('id', '=', partnerId)
    .where('is_staff', '=', 0)
    .executeTakeFirst();
  return partner !== undefined;
}

/**
 * Disables (ending every session) or re-enables the portal access of the customer's accounts;
 * 'not_found' for no such customer, 'no_account' when it has none.
 */
export async function setCustomerAccess(
  db: Database,
  partnerId: number,
  active: boolean,
): Promise<'not_found' | 'no_account' | null> {
  return inTransaction(db, async (trx) => {
    if (!(await isCustomer(trx, partnerId))) return 'not_found';
    const users = await trx.selectFrom('users').select('id').where('partner_id', '=', partnerId).execute();
    if (users.length === 0) return 'no_account';
    await trx
      .updateTable('users')
      .set({ active: active ? 1 : 0 })
      .where('partner_id', '=', partnerId)
      .execute();
    if (!active) for (const user of users) await deleteUserSessions(trx, user.id);
    return null;
  });
}

/** An account whose two-step verification staff turned off: where and in which language to tell it. */
export interface TwoFactorResetAccount {
  email: string;
  language: string | null;
}

/**
 * Turns off two-step verification on every account of the customer (its secret, a secret waiting for
 * its first code, the recovery codes and the sign-ins waiting for a code), and lifts a lock left by
 * wrong passwords or codes: an administrator made sure it is the customer asking, so they sign in
 * with their password at once. The accounts it was on, 'not_found' for no such customer, 'off' when
 * no account has it on.
 */
export async function resetCustomerTwoFactor(
  db: Database,
  partnerId: number,
): Promise<TwoFactorResetAccount[] | 'not_found' | 'off'> {
  return inTransaction(db, async (trx) => {
    if (!(await isCustomer(trx, partnerId))) return 'not_found';
    const users = await trx
      .selectFrom('users')
      .select(['id', 'email', 'language'])
      .where('partner_id', '=', partnerId)
      .where('totp_secret', 'is not', null)
      .orderBy('id')
      .execute();
    if (users.length === 0) return 'off';
    const ids = users.map((user) => user.id);
    await trx
      .updateTable('users')
      .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_counter: null })
      .where('id', 'in', ids)
      .execute();
    await trx.deleteFrom('recovery_codes').where('user_id', 'in', ids).execute();
    await trx.deleteFrom('login_challenges').where('user_id', 'in', ids).execute();
    await trx.deleteFrom('two_factor_failures').where('user_id', 'in', ids).execute();
    for (const user of users) await loginSucceeded(trx, user.email);
    return users.map(({ email, language }) => ({ email, language }));
  });
}
