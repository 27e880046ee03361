/**
 * The back-office API contract: one zod schema per call for what is sent and what comes back.
 * The portal's client checks every answer against it; the reference back office validates every
 * request with it. A change to the API is a change to this module (see docs/api.md).
 */
import { z } from 'zod';

/** Name of the cookie the back office issues on login and checks on every call. */
export const BACKOFFICE_SESSION_COOKIE = 'bo_session';

export const ROLE_NAMES = ['admin', 'warehouse_agent', 'client'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const email = z.string().trim().toLowerCase().email().max(254);
const password = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
const personName = z.string().trim().min(1).max(100);
const id = z.coerce.number().int().positive();

/** Every refusal the back office sends has this body, with a matching HTTP status. */
export const errorAnswer = z.object({
  error: z.string(),
  code: z.enum([
    'bad_request',
    'unauthorized',
    'forbidden',
    'not_found',
    'conflict',
    'invalid_token',
    'method_not_allowed',
    'payload_too_large',
    'unsupported_media_type',
    'too_many_requests',
    'internal',
  ]),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

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
});
export type BackofficeUser = z.infer<typeof backofficeUser>;

export const okAnswer = z.object({ status: z.literal('success'), message: z.string().optional() });

export const loginRequest = z.object({ email, password: z.string().min(1).max(PASSWORD_MAX_LENGTH) });

export const signupRequest = z.object({
  email,
  password,
  firstName: personName,
  lastName: z.string().trim().max(100).default(''),
  referral_code: z.string().trim().max(32).optional(),
});
export const signupAnswer = z.object({
  status: z.literal('success'),
  user_id: z.number().int(),
  partner_id: z.number().int(),
});

export const MAIL_LANGUAGES = ['en', 'fr', 'ar', 'zh'] as const;

/** `lang` (extension) picks the language of the reset mail; English when absent. */
export const forgotPasswordRequest = z.object({ email, lang: z.enum(MAIL_LANGUAGES).optional() });

export const passwordResetRequest = z.object({
  email,
  password,
  token: z.string().min(16).max(256),
});

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
});
export type ContactDetails = z.infer<typeof contactDetails>;

export const usersAnswer = z.object({ users: z.array(backofficeUser) });

export const healthAnswer = z.object({ status: z.literal('ok'), version: z.string() });

/**
 * The calls, by name. `query` and `body` describe what is sent; `answer` what a 2xx brings back.
 * `session: true` means the call needs the signed-in user's back-office session.
 */
export const calls = {
  login: { method: 'POST', path: '/login', body: loginRequest, answer: backofficeUser, session: false },
  signup: { method: 'POST', path: '/signup', body: signupRequest, answer: signupAnswer, session: false },
  forgotPassword: {
    method: 'POST',
    path: '/forgot-password',
    body: forgotPasswordRequest,
    answer: okAnswer,
    session: false,
  },
  passwordReset: {
    method: 'POST',
    path: '/password_reset',
    body: passwordResetRequest,
    answer: okAnswer,
    session: false,
  },
  /** Extension: ends the back-office session named by the cookie. */
  logout: { method: 'POST', path: '/logout', answer: okAnswer, session: true },
  getContactDetails: {
    method: 'POST',
    path: '/get_contact_details',
    query: z.object({ user_id: id }),
    answer: contactDetails,
    session: true,
  },
  listUsers: { method: 'GET', path: '/users', answer: usersAnswer, session: true },
  getUser: {
    method: 'GET',
    path: '/users/:id',
    params: z.object({ id }),
    answer: backofficeUser,
    session: true,
  },
  /** Extension: reachability for the portal's /healthz. */
  health: { method: 'GET', path: '/health', answer: healthAnswer, session: false },
} as const satisfies Record<string, CallDefinition>;

export interface CallDefinition {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  params?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  answer: z.ZodTypeAny;
  session: boolean;
}

export type Calls = typeof calls;
export type CallName = keyof Calls;
type Field<C, K extends string> = C extends Record<K, z.ZodTypeAny> ? z.input<C[K]> : undefined;
export type CallInput<N extends CallName> = {
  params: Field<Calls[N], 'params'>;
  query: Field<Calls[N], 'query'>;
  body: Field<Calls[N], 'body'>;
};
export type CallAnswer<N extends CallName> = z.infer<Calls[N]['answer']>;

/** Fills `:name` segments of a call's path. */
export function callPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([a-z_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
