import type { App } from '../app';
import { refuse, type CallHandlers } from '../http';
import { beginLoginAttempt, codeAccepted, loginSucceeded } from '../loginThrottle';
import { createChallenge, isTwoFactorOn } from '../twoFactor';
import { mayMailAccount } from '../accountMails';
import { customerWaitingFor, inviteCustomer } from '../customerAccess';
import {
  linkAccountMail,
  passwordResetMail,
  registerAgainMail,
  welcomeMail,
  type MailLanguage,
} from '../mail';
import { hashPassword, isWeakPassword, verifyPassword } from '../passwords';
import { issueResetToken, resetPasswordWithToken } from '../resetTokens';
import {
  clearedSessionCookie,
  createSession,
  deleteOtherSessions,
  deleteSession,
  sessionCookie,
} from '../sessions';
import {
  EmailTakenError,
  findUserByEmail,
  fullName,
  insertAccount,
  setPasswordHash,
  toBackofficeUser,
} from '../users';

type AuthCalls = 'login' | 'signup' | 'forgotPassword' | 'passwordReset' | 'changePassword' | 'logout';

/** Refuses a new password that is too easy to guess (checked when chosen, never at sign-in). */
function refuseWeakPassword(password: string, accountWords: string[], path = 'password'): void {
  if (isWeakPassword(password, accountWords)) {
    throw refuse.invalid([{ path, message: 'This password is too easy to guess' }]);
  }
}

export function authHandlers(app: App): Pick<CallHandlers, AuthCalls> {
  /** The language the user chose in the portal, if any: mails to them are written in it. */
  const languageOf = async (userId: number) => {
    const row = await app.database
      .selectFrom('users')
      .select('language')
      .where('id', '=', userId)
      .executeTakeFirst();
    return (row?.language as MailLanguage | null | undefined) ?? undefined;
  };

  return {
    async login({ body, setHeader }) {
      // Counted per address whether or not it has an account; a locked one answers 429 (Retry-After).
      const retryAfter = await beginLoginAttempt(app.database, body.email, app.now());
      if (retryAfter !== null) throw refuse.tooManyLoginAttempts(retryAfter);
      const user = await findUserByEmail(app.database, body.email);
      const matches = await verifyPassword(body.password, user?.passwordHash ?? null);
      if (!user || !matches || !user.active) throw refuse.wrongCredentials();
      await loginSucceeded(app.database, body.email);
      // The password was right; an account with two-step verification gets a challenge, no session.
      if (await isTwoFactorOn(app.database, user.id))
        throw refuse.twoFactorRequired(await createChallenge(app.database, user.id, app.now()));
      const { token } = await createSession(app.database, user.id, app.now());
      setHeader('Set-Cookie', sessionCookie(token));
      return toBackofficeUser(user);
    },

    async signup({ body }) {
      // Every check that can refuse comes before the address is looked up, and the password is hashed
      // either way: a known address and a new one get the same answer after the same work.
      refuseWeakPassword(body.password, [body.email, body.firstName, body.lastName]);
      const passwordHash = await hashPassword(body.password);
      const registerAgain = async () => {
        const owner = await findUserByEmail(app.database, body.email);
        if (owner?.active && (await mayMailAccount(app.database, owner.email, app.now()))) {
          const link = `${app.portalUrl}/auth/forgot-password`;
          await app.mailer.send(
            registerAgainMail({
              to: owner.email,
              link,
              lang: (await languageOf(owner.id)) ?? body.lang,
              company: app.companyName,
            }),
          );
        }
        return { status: 'success' as const };
      };
      if (await findUserByEmail(app.database, body.email)) return registerAgain();
      // An address staff entered for a customer: its owner chooses a password through a mailed link
      // (proving the address) and reaches that customer; never a second customer of the same address.
      const waiting = await customerWaitingFor(app.database, body.email);
      if (waiting !== null) {
        const invited = await inviteCustomer(app.database, waiting, body.lang ?? 'en', app.now());
        if (typeof invited === 'string') return registerAgain();
        if (await mayMailAccount(app.database, invited.email, app.now())) {
          const query = new URLSearchParams({ token: invited.token, email: invited.email, invitation: '1' });
          await app.mailer.send(
            linkAccountMail({
              to: invited.email,
              link: `${app.portalUrl}/auth/reset-password?${query}`,
              lang: body.lang,
              company: app.companyName,
            }),
          );
        }
        return { status: 'success' };
      }
      try {
        await insertAccount(
          app.database,
          {
            email: body.email,
            passwordHash,
            firstName: body.firstName,
            lastName: body.lastName,
            roles: ['client'],
            partner: {
              name: fullName(body.firstName, body.lastName),
              email: body.email,
              // Codes are issued in capitals; people type them as they like.
              referredByCode: body.referral_code ? body.referral_code.toUpperCase() : null,
            },
          },
          app.now(),
        );
      } catch (error) {
        // Registered at the same moment by another request: the address has its owner now.
        if (error instanceof EmailTakenError) return registerAgain();
        throw error;
      }
      if (await mayMailAccount(app.database, body.email, app.now())) {
        await app.mailer.send(
          welcomeMail({
            to: body.email,
            link: `${app.portalUrl}/auth/login`,
            lang: body.lang,
            company: app.companyName,
          }),
        );
      }
      return { status: 'success' };
    },

    async forgotPassword({ body }) {
      const user = await findUserByEmail(app.database, body.email);
      // At most a few account mails an hour to one address; beyond that the same answer, no mail.
      if (user?.active && (await mayMailAccount(app.database, user.email, app.now()))) {
        const token = await issueResetToken(app.database, user.id, app.now());
        const query = new URLSearchParams({ token, email: user.email });
        const link = `${app.portalUrl}/auth/reset-password?${query}`;
        await app.mailer.send(
          passwordResetMail({ to: user.email, link, lang: body.lang, company: app.companyName }),
        );
      }
      // The same answer either way, so the call cannot be used to learn who has an account.
      return { status: 'success' };
    },

    async passwordReset({ body }) {
      refuseWeakPassword(body.password, [body.email]);
      const passwordHash = await hashPassword(body.password);
      const done = await resetPasswordWithToken(
        app.database,
        { email: body.email, token: body.token, passwordHash },
        app.now(),
      );
      if (!done) throw refuse.invalidResetToken();
      // The link proved the mailbox is theirs: a lock left by failed sign-ins (perhaps someone else's,
      // on purpose) no longer keeps them out.
      await loginSucceeded(app.database, body.email);
      const user = await findUserByEmail(app.database, body.email);
      if (user) await codeAccepted(app.database, user.id);
      return { status: 'success' };
    },

    async changePassword({ body, session }) {
      if (!(await verifyPassword(body.current_password, session.user.passwordHash))) {
        throw refuse.wrongCurrentPassword();
      }
      const { email, firstName, lastName } = session.user;
      refuseWeakPassword(body.new_password, [email, firstName, lastName ?? ''], 'new_password');
      await setPasswordHash(app.database, session.user.id, await hashPassword(body.new_password));
      // Whoever else holds a session of this user (another device, a thief) must sign in again.
      await deleteOtherSessions(app.database, session.user.id, session.tokenHash);
      return { status: 'success' };
    },

    async logout({ session, setHeader }) {
      await deleteSession(app.database, session.tokenHash);
      setHeader('Set-Cookie', clearedSessionCookie());
      return { status: 'success' };
    },
  };
}
