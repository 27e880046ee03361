// The staff's customer forms and the customer's own contact form: one schema each, for browser and action.
import type { Submission } from '@conform-to/react';
import { z } from 'zod';
import { CLIENT_TYPES, GENDERS } from '@contract/values';
import { isPastDate } from '@contract/dates';
import { SERVICES } from '~/catalog';
import { formRecordId, pageParam, plainText, searchParam } from '~/services/input';

const required = 'validation.required';
const text = (max: number) => plainText(max, { tooLong: 'validation.tooLong', required });
const optional = (max: number, multiline = false) =>
  plainText(max, { tooLong: 'validation.tooLong', multiline }).optional();

/** "Add New Customer" (spec sections 3 and 8): every field but the address is required. */
export const customerSchema = z.object({
  name: text(200),
  phone: text(40),
  email: text(254).email('validation.email'),
  nationalId: text(50),
  gender: z.enum(GENDERS, { errorMap: () => ({ message: required }) }),
  dateOfBirth: z
    .string({ required_error: required })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
    .refine((value) => value <= new Date().toISOString().slice(0, 10), 'validation.dateInFuture')
    .refine(isPastDate, 'validation.date'),
  clientType: z.enum(CLIENT_TYPES, { errorMap: () => ({ message: required }) }),
  businessIndustry: text(100),
  street: optional(200),
  city: optional(100),
  country: optional(100),
  companyName: optional(200),
});

/**
 * Adds the spec's form-level message ("All required fields must be filled.") when a required field is
 * empty — in the browser's check and in the action alike.
 */
export function withAllRequiredMessage<T>(submission: Submission<T, string[]>): Submission<T, string[]> {
  const errors = submission.status === 'success' ? null : submission.error;
  if (errors && Object.values(errors).some((messages) => messages?.includes('validation.required'))) {
    errors[''] = [...(errors[''] ?? []), 'common:validation.allRequired'];
  }
  return submission;
}

/** The customer's own contact details (/pages/account-settings). */
export const contactSchema = z.object({
  name: text(200),
  phone: optional(40),
  street: optional(200),
  city: optional(100),
  country: optional(100),
  companyName: optional(200),
});

/** Staff file a request for a customer (/apps/request-for-service). */
export const staffRequestSchema = z.object({
  customer: formRecordId('validation.choose'),
  service: z.enum(SERVICES, { errorMap: () => ({ message: 'validation.choose' }) }),
  description: optional(5000, true),
  attachments: z.unknown().optional(),
});

export const customerListParams = z.object({
  q: searchParam(),
  page: pageParam,
});
