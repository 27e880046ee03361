/** Signing in and out, registering, passwords, two-step verification, and the user the back office describes. */
import { z } from 'zod';
import { withoutControls } from '../app/services/input';
import { MAIL_LANGUAGES, PASSWORD_MAX_LENGTH, RECOVERY_CODE, TOTP_CODE } from './values';
import { email, password, personName } from './fields';

export const role = z.object({ name: z.string() });

/** The user as the back office describes it (spec section 3, before the portal's fall-backs). */
export const backofficeUser = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  partner_id: z.number().int().nullable(),
  roles: z.array(role),
  role: z.string().nullable().optional(),
  profile_image: z.string().nullable().optional(),
  user_image: z.string().nullable().optional(),
  /**
   * Extension: the version of the person's own picture (getUserPicture), null or absent without one; it
   * changes with every upload, so the portal can point the avatar at an address that changes with it.
   */
  picture_version: z.number().int().positive().nullable().optional(),
});
export type BackofficeUser = z.infer<typeof backofficeUser>;

export const loginRequest = z.object({ email, password: z.string().min(1).max(PASSWORD_MAX_LENGTH) });

/** `lang` (extension) picks the language of the mail to a new customer; English when absent. */
export const signupRequest = z.object({
  email,
  password,
  firstName: personName,
  lastName: withoutControls(z.string().trim().max(100)).default(''),
  referral_code: withoutControls(z.string().trim().max(32)).optional(),
  lang: z.enum(MAIL_LANGUAGES).optional(),
});
/**
 * The same answer whether the address was new or already had an account (then its owner is mailed
 * instead), so that registering cannot be used to learn who has an account.
 */
export const signupAnswer = z.object({ status: z.literal('success') });

/** `lang` (extension) picks the language of the reset mail; English when absent. */
export const forgotPasswordRequest = z.object({ email, lang: z.enum(MAIL_LANGUAGES).optional() });

export const passwordResetRequest = z.object({
  email,
  password,
  token: withoutControls(z.string().min(16).max(256)),
});

/** Extension: a signed-in user changes their password; their other sessions end. */
export const passwordChange = z.object({
  current_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  new_password: password,
});

// ---- Two-step verification (TOTP, RFC 6238; extension) ----

/** The sign-in's second step: the challenge login handed out, for a few minutes. */
export const twoFactorChallenge = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'not a challenge');
export const twoFactorCode = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => TOTP_CODE.test(value) || RECOVERY_CODE.test(value), 'not a code');

export const loginTwoFactorRequest = z.object({ challenge: twoFactorChallenge, code: twoFactorCode });

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes (0 when off). */
  recovery_codes_left: z.number().int().nonnegative(),
});

/** A new secret, pending until enableTwoFactor confirms a code made from it. */
export const twoFactorSetup = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  otpauth_url: z.string(),
});

export const twoFactorEnable = z.object({ code: z.string().trim().regex(TOTP_CODE, 'not a code') });
export const twoFactorEnabled = z.object({
  enabled: z.literal(true),
  /** Shown once: each signs in once instead of a code. */
  recovery_codes: z.array(z.string().regex(RECOVERY_CODE)).length(10),
});
export const twoFactorDisable = z.object({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  code: twoFactorCode,
});
