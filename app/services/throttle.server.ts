// Counting failed attempts per key (the client address) in a fixed window. The counts are kept by the
// back office, so that every portal process and machine behind a load balancer counts together
// (docs/decisions/038-shared-portal-state.md); the back office also counts per account.
import type { ThrottleScope } from '@contract';
import { backoffice } from './backoffice/client.server';
import { env } from './env.server';

export interface Throttle {
  /** Seconds until the key may try again, or 0 when it may now. */
  retryAfter(key: string): Promise<number>;
  fail(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/**
 * While the back office cannot be reached, nothing is counted and nobody is held back: the sign-in or
 * registration itself then fails with the "unavailable" message, which is what the user must read.
 */
export function createThrottle(scope: ThrottleScope, options: { limit: number; windowMs: number }): Throttle {
  const body = (key: string) => ({ scope, key, window_seconds: Math.ceil(options.windowMs / 1000) });
  return {
    async retryAfter(key) {
      const count = await backoffice()
        .call('throttleCount', { body: body(key) })
        .catch(() => ({ failures: 0, resets_in: 0 }));
      return count.failures < options.limit ? 0 : Math.max(1, count.resets_in);
    },
    async fail(key) {
      await backoffice()
        .call('throttleFail', { body: body(key) })
        .catch(() => undefined);
    },
    async reset(key) {
      await backoffice().call('throttleReset', { body: body(key) });
    },
  };
}

/** Failed sign-ins per client address: 20 in 15 minutes (an address may be a whole office). */
export const signInThrottle = createThrottle('sign_in', { limit: 20, windowMs: 15 * 60 * 1000 });

/**
 * Wrong two-step codes per client address: 10 in 15 minutes (the back office locks an account after
 * 5, counted across sign-ins; this stops one address trying code after code on many accounts).
 */
export const twoStepsThrottle = createThrottle('two_steps', { limit: 10, windowMs: 15 * 60 * 1000 });

let registrations: Throttle | undefined;

/**
 * Registrations per client address, each one counted: REGISTRATIONS_PER_HOUR (10 unless set) an hour.
 * Made on first use, once the settings are read.
 */
export function registerThrottle(): Throttle {
  registrations ??= createThrottle('registration', {
    limit: env().REGISTRATIONS_PER_HOUR,
    windowMs: 60 * 60 * 1000,
  });
  return registrations;
}

/**
 * Password-reset requests per client address, each one counted: 10 an hour (the back office also
 * sends at most 3 account mails an hour to one e-mail address).
 */
export const resetMailThrottle = createThrottle('reset_mail', { limit: 10, windowMs: 60 * 60 * 1000 });
