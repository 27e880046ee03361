/**
 * What the demo-data steps share: a seeded random generator (the same data on every first start) and
 * moments relative to the seeding time (so that the data stays current).
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoRandom {
  /** In [0, 1). */
  next(): number;
  /** A number in [min, max). */
  between(min: number, max: number): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: small, fast and good enough for demo data; the same seed gives the same sequence. */
export function demoRandom(seed: number): DemoRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min, max) => min + next() * (max - min),
    int: (min, max) => Math.floor(min + next() * (max - min + 1)),
    pick(items) {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('Nothing to pick from');
      return item;
    },
  };
}

/** `days` (may be fractional, or negative for later) before `now`. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** That day at that hour (UTC); a time of day after now still belongs to the past, a day earlier. */
export function pastDayAt(now: Date, daysAgo: number, hour: number): Date {
  const day = daysBefore(now, daysAgo);
  day.setUTCHours(hour, 0, 0, 0);
  return day > now ? daysBefore(day, 1) : day;
}
