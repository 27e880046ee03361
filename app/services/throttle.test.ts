import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import { startPortalBackoffice } from '../../tests/unit/portal-server';
import { createThrottle } from './throttle.server';

let reference: TestBackoffice;
beforeAll(async () => {
  reference = await startPortalBackoffice();
});
afterAll(() => reference.dispose());

describe('the failure throttle', () => {
  it('blocks a key after the limit until its window is over, and forgets a reset key', async () => {
    const throttle = createThrottle('sign_in', { limit: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i += 1) {
      expect(await throttle.retryAfter('1.2.3.4')).toBe(0);
      await throttle.fail('1.2.3.4');
    }
    expect(await throttle.retryAfter('1.2.3.4')).toBeGreaterThan(55);
    expect(await throttle.retryAfter('5.6.7.8')).toBe(0);
    reference.clock.offsetMs += 30_000;
    expect(await throttle.retryAfter('1.2.3.4')).toBeLessThanOrEqual(30);
    reference.clock.offsetMs += 31_000;
    expect(await throttle.retryAfter('1.2.3.4')).toBe(0);
    for (let i = 0; i < 3; i += 1) await throttle.fail('9.9.9.9');
    await throttle.reset('9.9.9.9');
    expect(await throttle.retryAfter('9.9.9.9')).toBe(0);
  });

  it('counts together across portal processes, and apart by kind of attempt', async () => {
    // Two throttles made alike stand for two portal processes: the back office holds the count.
    const first = createThrottle('two_steps', { limit: 2, windowMs: 60_000 });
    const second = createThrottle('two_steps', { limit: 2, windowMs: 60_000 });
    await first.fail('198.51.100.1');
    await second.fail('198.51.100.1');
    expect(await first.retryAfter('198.51.100.1')).toBeGreaterThan(0);
    expect(await second.retryAfter('198.51.100.1')).toBeGreaterThan(0);
    const registrations = createThrottle('registration', { limit: 2, windowMs: 60_000 });
    expect(await registrations.retryAfter('198.51.100.1')).toBe(0);
  });
});
