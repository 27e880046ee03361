// The sign-in, registration and password forms: one schema each, used by the browser and the action.
// Messages are translation keys (namespace common), shown in the user's language by the form.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, RECOVERY_CODE, TOTP_CODE } from '@contract/values';
import { plainText } from '~/services/input';

const required = 'validation.required';
const email = z
  .string({ required_error: required })
  .trim()
  .min(1, required)
  .max(254, 'validation.tooLong')
  .email('validation.email');
const newPassword = z
  .string({ required_error: required })
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordTooShort')
  // How easy it is to guess is judged by the back office (validation.passwordWeak comes from there).
  .max(PASSWORD_MAX_LENGTH, 'validation.tooLong');

export const loginSchema = z.object({
  email,
  password: z
    .string({ required_error: required })
    .min(1, required)
    .max(PASSWORD_MAX_LENGTH, 'validation.tooLong'),
  redirectTo: z.string().optional(),
});

export const registerSchema = z.object({
  fullName: plainText(200, { tooLong: 'validation.tooLong', required }),
  email,
  password: newPassword,
  referralCode: plainText(32, { tooLong: 'validation.tooLong' }).optional(),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    email,
    token: z.string({ required_error: required }).min(16, required).max(256, required),
    password: newPassword,
    confirm: z.string({ required_error: required }),
  })
  .refine((value) => value.password === value.confirm, {
    path: ['confirm'],
    message: 'validation.passwordsDiffer',
  });

/** Account settings: the current password, and the new one twice. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ required_error: required })
      .min(1, required)
      .max(PASSWORD_MAX_LENGTH, 'validation.tooLong'),
    newPassword,
    confirm: z.string({ required_error: required }),
  })
  .refine((value) => value.newPassword === value.confirm, {
    path: ['confirm'],
    message: 'validation.passwordsDiffer',
  });

/** A 6-digit code from the authenticator app, or a recovery code (spaces around it ignored). */
export const authCode = z
  .string({ required_error: required })
  .trim()
  .toLowerCase()
  .min(1, required)
  .refine(
    (value) => TOTP_CODE.test(value.replace(/\s/g, '')) || RECOVERY_CODE.test(value),
    'auth:twoSteps.codeFormat',
  )
  .transform((value) => (RECOVERY_CODE.test(value) ? value : value.replace(/\s/g, '')));

/** The sign-in's second step. */
export const twoStepsSchema = z.object({ code: authCode });
