import type { App } from '../app';
import { refuse, type CallHandlers } from '../http';
import { beginLoginAttempt, codeAccepted, loginSucceeded } from '../loginThrottle';
import { createChallenge, isTwoFactorOn } from '../twoFactor';
import { passwordResetMail } from '../mail';
import { hashPassword, verifyPassword } from '../passwords';
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

export function authHandlers(app: App): Pick<CallHandlers, AuthCalls> {
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
      // Checked before hashing only to spare the work; createAccount checks again atomically.
      if (findUserByEmail(app.db, body.email)) throw refuse.emailTaken();
      const passwordHash = await hashPassword(body.password);
      try {
        const { userId, partnerId } = createAccount(
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
        return { status: 'success', user_id: userId, partner_id: partnerId };
      } catch (error) {
        if (error instanceof EmailTakenError) throw refuse.emailTaken();
        throw error;
      }
    },

    async forgotPassword({ body }) {
      const user = findUserByEmail(app.db, body.email);
      if (user?.active) {
        const token = issueResetToken(app.db, user.id, app.now());
        const query = new URLSearchParams({ token, email: user.email });
        const link = `${app.portalUrl}/auth/reset-password?${query}`;
        await app.mailer.send(passwordResetMail(user.email, link, body.lang));
      }
      // The same answer either way, so the call cannot be used to learn who has an account.
      return { status: 'success' };
    },

    async passwordReset({ body }) {
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
