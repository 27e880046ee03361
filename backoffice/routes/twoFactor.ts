import type { App } from '../app';
import { refuse, type CallHandlers } from '../http';
import { loginSucceeded } from '../loginThrottle';
import { verifyPassword } from '../passwords';
import { createSession, sessionCookie } from '../sessions';
import {
  acceptCode,
  completeChallenge,
  disableTwoFactor,
  enableTwoFactor,
  isTwoFactorOn,
  startSetup,
  twoFactorStatus,
} from '../twoFactor';
import { findUserById, toBackofficeUser } from '../users';

type TwoFactorCalls =
  'loginTwoFactor' | 'getTwoFactor' | 'setupTwoFactor' | 'enableTwoFactor' | 'disableTwoFactor';

export function twoFactorHandlers(app: App): Pick<CallHandlers, TwoFactorCalls> {
  return {
    async loginTwoFactor({ body, setHeader }) {
      const outcome = await completeChallenge(app.database, app.sealer, body.challenge, body.code, app.now());
      if (outcome === 'invalid') throw refuse.signInExpired();
      // The same answer as a sign-in to a locked account (too many wrong passwords or codes).
      if (typeof outcome === 'object' && 'lockedFor' in outcome)
        throw refuse.tooManyLoginAttempts(outcome.lockedFor);
      if (outcome === 'too_many') throw refuse.tooManyCodes(60);
      if (outcome === 'wrong_code') throw refuse.wrongCode();
      const user = await findUserById(app.database, outcome.userId);
      if (!user || !user.active) throw refuse.signInExpired();
      await loginSucceeded(app.database, user.email);
      const { token } = await createSession(app.database, user.id, app.now());
      setHeader('Set-Cookie', sessionCookie(token));
      return toBackofficeUser(user);
    },

    getTwoFactor({ session }) {
      return twoFactorStatus(app.database, session.user.id);
    },

    async setupTwoFactor({ session }) {
      const setup = await startSetup(app.database, app.sealer, session.user.id, app.companyName);
      if (!setup) throw refuse.twoFactorAlreadyOn();
      return setup;
    },

    async enableTwoFactor({ body, session }) {
      const outcome = await enableTwoFactor(app.database, app.sealer, session.user.id, body.code, app.now());
      if (outcome === 'already_on') throw refuse.twoFactorAlreadyOn();
      if (outcome === 'not_set_up') throw refuse.twoFactorNotSetUp();
      if (outcome === 'wrong_code') throw refuse.invalid([{ path: 'code', message: 'Wrong code' }]);
      return { enabled: true as const, recovery_codes: outcome.recoveryCodes };
    },

    async disableTwoFactor({ body, session }) {
      if (!(await isTwoFactorOn(app.database, session.user.id))) throw refuse.twoFactorOff();
      const user = await findUserById(app.database, session.user.id);
      if (!user || !(await verifyPassword(body.password, user.passwordHash))) {
        throw refuse.invalid([{ path: 'password', message: 'Wrong password' }]);
      }
      // The code is checked last, so that a wrong password does not use up a recovery code.
      if (!(await acceptCode(app.database, app.sealer, user.id, body.code, app.now()))) {
        throw refuse.invalid([{ path: 'code', message: 'Wrong code' }]);
      }
      await disableTwoFactor(app.database, user.id);
      return twoFactorStatus(app.database, user.id);
    },
  };
}
