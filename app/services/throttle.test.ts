import { describe, expect, it } from 'vitest';
import { createThrottle } from './throttle.server';

describe('the failure throttle', () => {
  it('blocks a key after the limit until its window is over, and forgets a reset key', () => {
    const throttle = createThrottle({ limit: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i += 1) {
      expect(throttle.retryAfter('1.2.3.4', 1000)).toBe(0);
      throttle.fail('1.2.3.4', 1000);
    }
    expect(throttle.retryAfter('1.2.3.4', 1000)).toBe(60);
    expect(throttle.retryAfter('1.2.3.4', 31_000)).toBe(30);
    expect(throttle.retryAfter('5.6.7.8', 31_000)).toBe(0);
    expect(throttle.retryAfter('1.2.3.4', 61_000)).toBe(0);
    throttle.fail('9.9.9.9', 0);
    throttle.fail('9.9.9.9', 0);
    throttle.fail('9.9.9.9', 0);
    throttle.reset('9.9.9.9');
    expect(throttle.retryAfter('9.9.9.9', 0)).toBe(0);
  });

  it('keeps at most maxKeys keys, forgetting the oldest', () => {
    const throttle = createThrottle({ limit: 1, windowMs: 60_000, maxKeys: 2 });
    throttle.fail('a', 0);
    throttle.fail('b', 0);
    throttle.fail('c', 0);
    expect(throttle.retryAfter('a', 0)).toBe(0);
    expect(throttle.retryAfter('b', 0)).toBeGreaterThan(0);
    expect(throttle.retryAfter('c', 0)).toBeGreaterThan(0);
  });
});
