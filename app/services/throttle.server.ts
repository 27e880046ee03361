// Counting failed attempts per key (e.g. per client address) in a fixed window, in this process's
// memory, bounded in size. Per instance: behind N copies the limit is N times as generous (see
// docs/decisions/013-sign-in-throttling.md); the back office also counts per account.
import { env } from './env.server';

export interface Throttle {
  /** Seconds until the key may try again, or 0 when it may now. */
  retryAfter(key: string, now?: number): number;
  fail(key: string, now?: number): void;
  reset(key: string): void;
}

export function createThrottle(options: { limit: number; windowMs: number; maxKeys?: number }): Throttle {
  const maxKeys = options.maxKeys ?? 10_000;
  const entries = new Map<string, { failures: number; windowStart: number }>();

  function current(key: string, now: number) {
    const entry = entries.get(key);
    if (entry && now - entry.windowStart >= options.windowMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    retryAfter(key, now = Date.now()) {
      const entry = current(key, now);
      if (!entry || entry.failures < options.limit) return 0;
      return Math.max(1, Math.ceil((entry.windowStart + options.windowMs - now) / 1000));
    },
    fail(key, now = Date.now()) {
      const entry = current(key, now);
      if (entry) {
        entry.failures += 1;
        return;
      }
      // Oldest first: when full, forget the key that has waited longest.
      if (entries.size >= maxKeys) entries.delete(entries.keys().next().value!);
      entries.set(key, { failures: 1, windowStart: now });
    },
    reset(key) {
      entries.delete(key);
    },
  };
}

/** Failed sign-ins per client address: 20 in 15 minutes (an address may be a whole office). */
export const signInThrottle = createThrottle({ limit: 20, windowMs: 15 * 60 * 1000 });

/**
 * Wrong two-step codes per client address: 10 in 15 minutes (the back office locks an account after
 * 5, counted across sign-ins; this stops one address trying code after code on many accounts).
 */
export const twoStepsThrottle = createThrottle({ limit: 10, windowMs: 15 * 60 * 1000 });

let registrations: Throttle | undefined;

/**
 * Registrations per client address, each one counted: REGISTRATIONS_PER_HOUR (10 unless set) an hour.
 * Made on first use, once the settings are read.
 */
export function registerThrottle(): Throttle {
  registrations ??= createThrottle({ limit: env().REGISTRATIONS_PER_HOUR, windowMs: 60 * 60 * 1000 });
  return registrations;
}

/**
 * Password-reset requests per client address, each one counted: 10 an hour (the back office also
 * sends at most 3 account mails an hour to one e-mail address).
 */
export const resetMailThrottle = createThrottle({ limit: 10, windowMs: 60 * 60 * 1000 });
