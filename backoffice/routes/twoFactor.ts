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
    loginTwoFactor({ body, setHeader }) {
      const outcome = completeChallenge(app.db, app.sealer, body.challenge, body.code, app.now());
      if (outcome === 'invalid') throw refuse.signInExpired();
      // The same answer as a sign-in to a locked account (too many wrong passwords or codes).
      if (typeof outcome === 'object' && 'lockedFor' in outcome)
        throw refuse.tooManyLoginAttempts(outcome.lockedFor);
      if (outcome === 'too_many') throw refuse.tooManyCodes(60);
      if (outcome === 'wrong_code') throw refuse.wrongCode();
      const user = findUserById(app.db, outcome.userId);
      if (!user || !user.active) throw refuse.signInExpired();
      loginSucceeded(app.db, user.email);
      const { token } = createSession(app.db, user.id, app.now());
      setHeader('Set-Cookie', sessionCookie(token));
      return toBackofficeUser(user);
    },

    getTwoFactor({ session }) {
      return twoFactorStatus(app.db, session.user.id);
    },

    setupTwoFactor({ session }) {
      const setup = startSetup(app.db, app.sealer, session.user.id);
      if (!setup) throw refuse.twoFactorAlreadyOn();
      return setup;
    },

    enableTwoFactor({ body, session }) {
      const outcome = enableTwoFactor(app.db, app.sealer, session.user.id, body.code, app.now());
      if (outcome === 'already_on') throw refuse.twoFactorAlreadyOn();
      if (outcome === 'not_set_up') throw refuse.twoFactorNotSetUp();
      if (outcome === 'wrong_code') throw refuse.invalid([{ path: 'code', message: 'Wrong code' }]);
      return { enabled: true as const, recovery_codes: outcome.recoveryCodes };
    },

    async disableTwoFactor({ body, session }) {
      if (!isTwoFactorOn(app.db, session.user.id)) throw refuse.twoFactorOff();
      const user = findUserById(app.db, session.user.id);
      if (!user || !(await verifyPassword(body.password, user.passwordHash))) {
        throw refuse.invalid([{ path: 'password', message: 'Wrong password' }]);
      }
      // The code is checked last, so that a wrong password does not use up a recovery code.
      if (!acceptCode(app.db, app.sealer, user.id, body.code, app.now())) {
        throw refuse.invalid([{ path: 'code', message: 'Wrong code' }]);
      }
      disableTwoFactor(app.db, user.id);
      return twoFactorStatus(app.db, user.id);
    },
  };
}
