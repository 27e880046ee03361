// The staff's customer forms and the customer's own contact form: one schema each, for browser and action.
import type { Submission } from '@conform-to/react';
import { z } from 'zod';
import { CLIENT_TYPES, GENDERS, MAIL_LANGUAGES } from '@contract/values';
import { isPastDate, plausibleBirthDate } from '@contract/dates';
import { internationalPhone } from '@contract/phones';
import { CATEGORIES, CONTAINER_TYPES, DESTINATIONS, ORIGINS, SERVICES, type Service } from '~/catalog';
import { decimalText, formRecordId, pageParam, plainText, searchParam } from '~/services/input';

const required = 'validation.required';
const text = (max: number) => plainText(max, { tooLong: 'validation.tooLong', required });
const optional = (max: number, multiline = false) =>
  plainText(max, { tooLong: 'validation.tooLong', multiline }).optional();

/** The customer's fields every customer has (the address and company name optional). */
const customerFields = z.object({
  name: text(200),
  phone: text(40).refine((value) => internationalPhone(value) !== null, 'validation.phone'),
  email: text(254).email('validation.email'),
  nationalId: text(50),
  businessIndustry: text(100),
  street: optional(200),
  city: optional(100),
  country: optional(100),
  companyName: optional(200),
});

/** The client type, and for an individual (never a company) gender and a plausible date of birth. */
const personFields = z
  .object({
    clientType: z.enum(CLIENT_TYPES, { errorMap: () => ({ message: required }) }),
    gender: z.enum(GENDERS, { errorMap: () => ({ message: required }) }).optional(),
    dateOfBirth: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
      .refine((value) => value <= new Date().toISOString().slice(0, 10), 'validation.dateInFuture')
      .refine(isPastDate, 'validation.date')
      .refine((value) => plausibleBirthDate(value), 'customers:validation.birthDate')
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.clientType !== 'individual') return;
    for (const field of ['gender', 'dateOfBirth'] as const)
      if (!value[field]) context.addIssue({ code: 'custom', path: [field], message: required });
  })
  // A company has neither: what the form still carries is dropped.
  .transform((value) =>
    value.clientType === 'company' ? { ...value, gender: undefined, dateOfBirth: undefined } : value,
  );

/**
 * "Add New Customer" (spec sections 3 and 8) and its edit: every field but the address is required,
 * gender and date of birth for an individual only. The phone is written with its country code. Two
 * halves checked side by side, so that every message shows at once.
 */
export const customerSchema = customerFields.and(personFields);
export type CustomerForm = z.infer<typeof customerSchema>;

/** Adding a customer may send the invitation at once, in the language chosen. */
export const newCustomerSchema = customerSchema.and(
  z.object({
    invite: z
      .enum(['on', 'true'])
      .optional()
      .transform((value) => value !== undefined),
    language: z.enum(MAIL_LANGUAGES).optional(),
  }),
);

/** Staff invite the customer to the portal, in a language. */
export const invitationSchema = z.object({
  language: z.enum(MAIL_LANGUAGES, { errorMap: () => ({ message: 'validation.choose' }) }),
});

/**
 * An administrator turns off a customer's two-step verification: how they made sure the customer asked
 * (kept in the customer's history; the contract's 10 to 500 characters).
 */
export const twoStepResetSchema = z.object({
  reason: plainText(500, { tooLong: 'validation.tooLong', required, multiline: true }).min(
    10,
    'customers:twoStep.reasonTooShort',
  ),
});

/**
 * Adds the spec's form-level message ("All required fields must be filled.") when a required field is
 * empty — in the browser's check and in the action alike.
 */
export function withAllRequiredMessage<T, V>(
  submission: Submission<T, string[], V>,
): Submission<T, string[], V> {
  const errors = submission.status === 'success' ? null : submission.error;
  if (errors && Object.values(errors).some((messages) => messages?.includes('validation.required'))) {
    errors[''] = [...(errors[''] ?? []), 'common:validation.allRequired'];
  }
  return submission;
}

/** The customer's own contact details (/pages/account-settings). */
export const contactSchema = z.object({
  name: text(200),
  phone: optional(40).refine((value) => !value || internationalPhone(value) !== null, 'validation.phone'),
  street: optional(200),
  city: optional(100),
  country: optional(100),
  companyName: optional(200),
});

/** Staff file a request for a customer (/apps/request-for-service). */
/** The services whose requests name the shipment (and so can become orders or be priced). */
export const SHIPMENT_SERVICES: readonly Service[] = ['shipping', 'quotation'];

/**
 * Staff file a request for a customer (/apps/request-for-service). A shipping or quotation request
 * carries what the customer's own form asks: category, container type, origin, CBM (and the destination
 * of a quotation), so that it can become an order. Two halves checked side by side, so that every
 * message shows at once.
 */
export const staffRequestSchema = z
  .object({
    customer: formRecordId('validation.choose'),
    service: z.enum(SERVICES, { errorMap: () => ({ message: 'validation.choose' }) }),
    description: optional(5000, true),
    attachments: z.unknown().optional(),
  })
  .and(
    z
      .object({
        service: z.enum(SERVICES).optional().catch(undefined),
        category: z.enum(CATEGORIES, { errorMap: () => ({ message: 'validation.choose' }) }).optional(),
        containerType: z
          .enum(CONTAINER_TYPES, { errorMap: () => ({ message: 'validation.choose' }) })
          .optional(),
        origin: z.enum(ORIGINS, { errorMap: () => ({ message: 'validation.choose' }) }).optional(),
        destination: z.enum(DESTINATIONS, { errorMap: () => ({ message: 'validation.choose' }) }).optional(),
        cbm: decimalText({
          min: 0,
          aboveMin: true,
          max: 100_000,
          decimals: 3,
          tooSmall: 'validation.positive',
        }).optional(),
      })
      .superRefine((value, context) => {
        if (!value.service || !SHIPMENT_SERVICES.includes(value.service)) return;
        const needed = ['category', 'containerType', 'origin', 'cbm'] as const;
        for (const field of needed)
          if (value[field] === undefined)
            context.addIssue({
              code: 'custom',
              path: [field],
              message: field === 'cbm' ? required : 'validation.choose',
            });
        if (value.service === 'quotation' && !value.destination)
          context.addIssue({ code: 'custom', path: ['destination'], message: 'validation.choose' });
      }),
  );
export type StaffRequest = z.infer<typeof staffRequestSchema>;

export const customerListParams = z.object({
  q: searchParam(),
  page: pageParam,
});
