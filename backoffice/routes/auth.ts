import type { App } from '../app';
import { refuse, type CallHandlers } from '../http';
import { beginLoginAttempt, codeAccepted, loginSucceeded } from '../loginThrottle';
import { createChallenge, isTwoFactorOn } from '../twoFactor';
import { mayMailAccount } from '../accountMails';
import { passwordResetMail, registerAgainMail, welcomeMail, type MailLanguage } from '../mail';
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
  createAccount,
  EmailTakenError,
  findUserByEmail,
  fullName,
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
  const languageOf = (userId: number) =>
    (app.db.prepare('SELECT language FROM users WHERE id = ?').pluck().get(userId) as MailLanguage | null) ??
    undefined;

  return {
    async login({ body, setHeader }) {
      // Counted per address whether or not it has an account; a locked one answers 429 (Retry-After).
      const retryAfter = beginLoginAttempt(app.db, body.email, app.now());
      if (retryAfter !== null) throw refuse.tooManyLoginAttempts(retryAfter);
      const user = findUserByEmail(app.db, body.email);
      const matches = await verifyPassword(body.password, user?.passwordHash ?? null);
      if (!user || !matches || !user.active) throw refuse.wrongCredentials();
      loginSucceeded(app.db, body.email);
      // The password was right; an account with two-step verification gets a challenge, no session.
      if (isTwoFactorOn(app.db, user.id))
        throw refuse.twoFactorRequired(createChallenge(app.db, user.id, app.now()));
      const { token } = createSession(app.db, user.id, app.now());
      setHeader('Set-Cookie', sessionCookie(token));
      return toBackofficeUser(user);
    },

    async signup({ body }) {
      // Every check that can refuse comes before the address is looked up, and the password is hashed
      // either way: a known address and a new one get the same answer after the same work.
      refuseWeakPassword(body.password, [body.email, body.firstName, body.lastName]);
      const passwordHash = await hashPassword(body.password);
      const registerAgain = async () => {
        const owner = findUserByEmail(app.db, body.email);
        if (owner?.active && mayMailAccount(app.db, owner.email, app.now())) {
          const link = `${app.portalUrl}/auth/forgot-password`;
          await app.mailer.send(registerAgainMail(owner.email, link, languageOf(owner.id) ?? body.lang));
        }
        return { status: 'success' as const };
      };
      if (findUserByEmail(app.db, body.email)) return registerAgain();
      try {
        createAccount(
          app.db,
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
      if (mayMailAccount(app.db, body.email, app.now())) {
        await app.mailer.send(welcomeMail(body.email, `${app.portalUrl}/auth/login`, body.lang));
      }
      return { status: 'success' };
    },

    async forgotPassword({ body }) {
      const user = findUserByEmail(app.db, body.email);
      // At most a few account mails an hour to one address; beyond that the same answer, no mail.
      if (user?.active && mayMailAccount(app.db, user.email, app.now())) {
        const token = issueResetToken(app.db, user.id, app.now());
        const query = new URLSearchParams({ token, email: user.email });
        const link = `${app.portalUrl}/auth/reset-password?${query}`;
        await app.mailer.send(passwordResetMail(user.email, link, body.lang));
      }
      // The same answer either way, so the call cannot be used to learn who has an account.
      return { status: 'success' };
    },

    async passwordReset({ body }) {
      refuseWeakPassword(body.password, [body.email]);
      const passwordHash = await hashPassword(body.password);
      const done = resetPasswordWithToken(
        app.db,
        { email: body.email, token: body.token, passwordHash },
        app.now(),
      );
      if (!done) throw refuse.invalidResetToken();
      // The link proved the mailbox is theirs: a lock left by failed sign-ins (perhaps someone else's,
      // on purpose) no longer keeps them out.
      loginSucceeded(app.db, body.email);
      const user = findUserByEmail(app.db, body.email);
      if (user) codeAccepted(app.db, user.id);
      return { status: 'success' };
    },

    async changePassword({ body, session }) {
      if (!(await verifyPassword(body.current_password, session.user.passwordHash))) {
        throw refuse.wrongCurrentPassword();
      }
      const { email, firstName, lastName } = session.user;
      refuseWeakPassword(body.new_password, [email, firstName, lastName ?? ''], 'new_password');
      setPasswordHash(app.db, session.user.id, await hashPassword(body.new_password));
      // Whoever else holds a session of this user (another device, a thief) must sign in again.
      deleteOtherSessions(app.db, session.user.id, session.tokenHash);
      return { status: 'success' };
    },

    logout({ session, setHeader }) {
      deleteSession(app.db, session.tokenHash);
      setHeader('Set-Cookie', clearedSessionCookie());
      return { status: 'success' };
    },
  };
}
