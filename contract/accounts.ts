/** A user's own account: contact details and image, profile, preferences, and the list of users. */
import { z } from 'zod';
import { phoneField } from './phones';
import { withoutControls } from '../app/services/input';
import { CONTACT_IMAGE_TYPES, MAIL_LANGUAGES } from './values';
import { base64, optionalText, personName } from './fields';
import { backofficeUser } from './auth';

export const contactDetails = z.object({
  partner_id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  company_name: z.string().nullable(),
  referral_code: z.string().nullable(),
  /** Extension: whether a profile image was uploaded (read with getContactImage). */
  has_image: z.boolean().optional(),
});
export type ContactDetails = z.infer<typeof contactDetails>;

/** What a customer may change of their contact (POST /update_contact_details). */
export const contactUpdate = z.object({
  name: withoutControls(z.string().trim().min(1).max(200)),
  /** With its country code; kept in E.164. */
  phone: phoneField(optionalText(40)),
  street: optionalText(200),
  city: optionalText(100),
  country: optionalText(100),
  company_name: optionalText(200),
});

export const contactImageUpdate = z.object({
  /** base64, without a data: prefix (spec: "image (base64)"). */
  image: base64.min(1),
});

export const contactImage = z.object({ mimetype: z.enum(CONTACT_IMAGE_TYPES), data: base64 });

/** Extension: a version of a person's own picture, counted up with each upload (never reused). */
const pictureVersion = z.number().int().positive();

/**
 * Extension: a person's own picture, kept on the user (staff share the company's partner, so the
 * partner's contact image cannot be each person's). The same rules as the contact image.
 */
export const userPicture = z.object({
  mimetype: z.enum(CONTACT_IMAGE_TYPES),
  data: base64,
  version: pictureVersion,
});
export type UserPicture = z.infer<typeof userPicture>;

/** base64 of a PNG, JPEG or WebP (told by its bytes), up to CONTACT_IMAGE_LIMIT. */
export const userPictureUpdate = z.object({ image: base64.min(1) });

/** What an upload or a removal leaves: the picture's new version, or null without one. */
export const userPictureState = z.object({ picture_version: pictureVersion.nullable() });

export const usersAnswer = z.object({ users: z.array(backofficeUser) });

/** The signed-in user's own profile (any role). */
export const profile = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  /** Saved language and appearance, so they follow the user to another device; null until saved. */
  language: z.enum(MAIL_LANGUAGES).nullable(),
  /** The appearance settings as the portal stores them (its own shape; the back office keeps it as is). */
  appearance: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).nullable(),
  /** Extension: the version of the person's own picture (getUserPicture), null without one. */
  picture_version: pictureVersion.nullable().optional(),
});
export type Profile = z.infer<typeof profile>;

export const profileUpdate = z.object({
  first_name: personName,
  last_name: withoutControls(z.string().trim().max(100)).default(''),
  phone: optionalText(40),
});

export const preferencesUpdate = z.object({
  language: z.enum(MAIL_LANGUAGES).optional(),
  appearance: z
    .record(
      withoutControls(z.string().max(40)),
      z.union([withoutControls(z.string().max(40)), z.number().finite(), z.boolean()]),
    )
    .refine((value) => Object.keys(value).length <= 20, 'too many settings')
    .optional(),
});
