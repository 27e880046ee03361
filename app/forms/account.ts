// The staff member's warehouse (/pages/account-settings-warehouse); messages are keys of namespace common.
import { z } from 'zod';
import { ORIGINS } from '~/catalog';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  PASSWORD_MAX_LENGTH,
  TOTP_CODE,
  type NotificationKind,
} from '@contract/values';
import { formRecordId, pageParam, plainText } from '~/services/input';
import { authCode } from './auth';

const required = 'validation.required';
const text = (max: number) => plainText(max, { tooLong: 'validation.tooLong', required });
const optional = (max: number) => plainText(max, { tooLong: 'validation.tooLong' }).optional();

export const warehouseSchema = z.object({
  name: text(100),
  address: text(300),
  origin: z.enum(ORIGINS, { errorMap: () => ({ message: 'validation.choose' }) }),
  openingHours: optional(200),
  contactPhone: optional(40),
  contactEmail: plainText(254, { tooLong: 'validation.tooLong' }).email('validation.email').optional(),
});

/** The signed-in user's own name and phone (every role). */
export const profileSchema = z.object({
  firstName: text(100),
  lastName: optional(100),
  phone: optional(40),
});

/** Turning two-step verification on: a code made from the new secret. */
export const twoStepEnableSchema = z.object({
  code: z
    .string({ required_error: required })
    .trim()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(TOTP_CODE, 'auth:twoSteps.codeFormat')),
});

/** Turning it off: the password and a code (or a recovery code). */
export const twoStepDisableSchema = z.object({
  password: z
    .string({ required_error: required })
    .min(1, required)
    .max(PASSWORD_MAX_LENGTH, 'validation.tooLong'),
  code: authCode,
});

/** /apps/notifications: unread only or all, and the page. */
export const notificationListParams = z.object({
  unread: z.enum(['true']).optional().catch(undefined),
  page: pageParam,
});

/** Marking one notification read (with its id), or all of them (`all`). */
export const notificationReadSchema = z
  .object({
    id: formRecordId().optional(),
    all: z.literal('1').optional(),
  })
  .refine((value) => value.id !== undefined || value.all !== undefined, 'validation.required');

/** The notification settings: for each kind shown, how the person hears of it. */
const channel = z.enum(NOTIFICATION_CHANNELS).optional();
export const notificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channel])) as unknown as Record<
    NotificationKind,
    typeof channel
  >,
);
