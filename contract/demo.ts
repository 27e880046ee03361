/**
 * The demo modules' data each user changes (blog, feed, chat, notes, e-mail, tickets, contacts, shop),
 * kept by the back office so that every portal process and machine sees the same (decision record
 * 038). The portal owns the document's shape and its limits; the back office keeps it per user, whole,
 * bounded in size, with a version so that two writes at once cannot lose one another.
 */
import { z } from 'zod';

/** The largest document kept for one user (the portal's per-user limits keep it far below). */
export const DEMO_STATE_MAX_BYTES = 1024 * 1024;

export const demoStateAnswer = z.object({
  /** The user's document, or null before their first change (the portal starts from its samples). */
  state: z.record(z.string(), z.unknown()).nullable(),
  /** 0 before the first change; each save adds one. */
  version: z.number().int().min(0),
});

export const demoStateSave = z.object({
  state: z.record(z.string(), z.unknown()),
  /** The version the change was made on: a save on an older one is refused (409 `conflict`). */
  version: z.number().int().min(0),
});

export const demoStateSaved = z.object({ version: z.number().int().min(1) });

/** What the portal counts per client address (sign-in, two-step codes, registrations, reset mails). */
export const THROTTLE_SCOPES = ['sign_in', 'two_steps', 'registration', 'reset_mail'] as const;
export type ThrottleScope = (typeof THROTTLE_SCOPES)[number];

export const throttleKey = z.object({
  scope: z.enum(THROTTLE_SCOPES),
  /** The client address (or another key the portal counts by). */
  key: z.string().min(1).max(200),
  /** The length of the counting window, fixed from the first failure in it. */
  window_seconds: z
    .number()
    .int()
    .min(1)
    .max(24 * 60 * 60),
});

export const throttleCount = z.object({
  /** Failures counted in the current window (0 when none or the window has passed). */
  failures: z.number().int().min(0),
  /** Seconds until the window ends (0 when there is none). */
  resets_in: z.number().int().min(0),
});
