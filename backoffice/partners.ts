/** Partners: the forwarder's own (staff) and its customers; their contact, image and profile. */
import {
  CLIENT_TYPES,
  CONTACT_IMAGE_TYPES,
  CUSTOMER_ACCESS,
  GENDERS,
  type ContactDetails,
  type Customer,
} from '@contract';
import { sql } from 'kysely';
import type { PartnerScope } from './access';
import { inTransaction, type Database } from './data/database';
import { lockKey } from './data/dialect';
import { searchWhere } from './lists';
import { newReferralCode } from './tokens';

type Gender = (typeof GENDERS)[number];
type ClientType = (typeof CLIENT_TYPES)[number];
export type ContactImageType = (typeof CONTACT_IMAGE_TYPES)[number];

/** What the customer directory adds to a partner (spec section 3: the add-customer form). */
export interface CustomerProfile {
  nationalId?: string | null;
  gender?: Gender | null;
  /** YYYY-MM-DD */
  dateOfBirth?: string | null;
  clientType?: ClientType | null;
  businessIndustry?: string | null;
}

export interface NewPartner extends CustomerProfile {
  name: string;
  email?: string | null;
  phone?: string | null;
  street?: string | null;
  city?: string | null;
  country?: string | null;
  companyName?: string | null;
  referredByCode?: string | null;
  isStaff?: boolean;
}

function partnerValues(partner: NewPartner, now: Date) {
  return {
    name: partner.name,
    email: partner.email ?? null,
    phone: partner.phone ?? null,
    street: partner.street ?? null,
    city: partner.city ?? null,
    country: partner.country ?? null,
    company_name: partner.companyName ?? null,
    referred_by_code: partner.referredByCode ?? null,
    is_staff: partner.isStaff ? 1 : 0,
    national_id: partner.nationalId ?? null,
    gender: partner.gender ?? null,
    date_of_birth: partner.dateOfBirth ?? null,
    client_type: partner.clientType ?? null,
    business_industry: partner.businessIndustry ?? null,
    created_at: now.toISOString(),
  };
}

/** Creates the partner with a referral code of its own; answers its id. */
export async function insertPartner(db: Database, partner: NewPartner, now: Date): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    // A code already taken inserts nothing (rather than failing, which would end a PostgreSQL
    // transaction): 32^8 codes, so a collision is rare and several in a row mean something else is wrong.
    const inserted = await db
      .insertInto('partners')
      .values({ ...partnerValues(partner, now), referral_code: newReferralCode() })
      .onConflict((conflict) => conflict.column('referral_code').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return inserted.id;
  }
  throw new Error('No free referral code after 5 attempts');
}

// ---- Contact details and image ----

/** The partner's contact details, or null when there is no such partner in the scope. */
export async function getContactDetails(
  db: Database,
  scope: PartnerScope,
  partnerId: number,
): Promise<ContactDetails | null> {
  let query = db
    .selectFrom('partners')
    .select((eb) => [
      'id',
      'name',
      'email',
      'phone',
      'street',
      'city',
      'country',
      'company_name',
      'referral_code',
      eb.case().when('image', 'is not', null).then(1).else(0).end().as('has_image'),
    ])
    .where('id', '=', partnerId);
  if (scope !== null) query = query.where('id', '=', scope);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return {
    partner_id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    street: row.street,
    city: row.city,
    country: row.country,
    company_name: row.company_name,
    referral_code: row.referral_code,
    has_image: Number(row.has_image) === 1,
  };
}

/** The fields of POST /update_contact_details; each one is written (null clears it). */
export interface ContactUpdate {
  name: string;
  phone: string | null;
  street: string | null;
  city: string | null;
  country: string | null;
  companyName: string | null;
}

/** Writes the partner's contact details; false (nothing written) for a partner outside the scope. */
export async function updateContactDetails(
  db: Database,
  scope: PartnerScope,
  partnerId: number,
  contact: ContactUpdate,
): Promise<boolean> {
  let update = db
    .updateTable('partners')
    .set({
      name: contact.name,
      phone: contact.phone,
      street: contact.street,
      city: contact.city,
      country: contact.country,
      company_name: contact.companyName,
    })
    .where('id', '=', partnerId);
  if (scope !== null) update = update.where('id', '=', scope);
  const changed = await update.executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}

export interface ContactImage {
  mimetype: ContactImageType;
  data: Buffer;
}

/** Replaces the partner's image; false (nothing written) for a partner outside the scope. */
export async function setContactImage(
  db: Database,
  scope: PartnerScope,
  partnerId: number,
  image: ContactImage,
): Promise<boolean> {
  let update = db
    .updateTable('partners')
    .set({ image: image.data, image_mimetype: image.mimetype })
    .where('id', '=', partnerId);
  if (scope !== null) update = update.where('id', '=', scope);
  const changed = await update.executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return (values as readonly (string | null)[]).includes(value) ? (value as T) : null;
}

/** The partner's image, or null when it has none or is outside the scope. */
export async function findContactImage(
  db: Database,
  scope: PartnerScope,
  partnerId: number,
): Promise<ContactImage | null> {
  let query = db.selectFrom('partners').select(['image', 'image_mimetype']).where('id', '=', partnerId);
  if (scope !== null) query = query.where('id', '=', scope);
  const row = await query.executeTakeFirst();
  const mimetype = oneOf(CONTACT_IMAGE_TYPES, row?.image_mimetype ?? null);
  return row?.image && mimetype ? { mimetype, data: Buffer.from(row.image) } : null;
}

// ---- The customer directory (staff) ----

function selectCustomers(db: Database) {
  return db
    .selectFrom('partners as p')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.email',
      'p.phone',
      'p.national_id',
      'p.gender',
      'p.date_of_birth',
      'p.client_type',
      'p.business_industry',
      'p.street',
      'p.city',
      'p.country',
      'p.company_name',
      eb
        .case()
        .when(eb.exists(eb.selectFrom('users as u').select('u.id').whereRef('u.partner_id', '=', 'p.id')))
        .then(1)
        .else(0)
        .end()
        .as('has_account'),
      eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('users as u')
              .select('u.id')
              .whereRef('u.partner_id', '=', 'p.id')
              .where('u.active', '=', 0),
          ),
        )
        .then('disabled')
        .when(
          eb.exists(
            eb
              .selectFrom('users as u')
              .select('u.id')
              .whereRef('u.partner_id', '=', 'p.id')
              .where('u.invited_at', 'is not', null)
              .where('u.password_set_at', 'is', null),
          ),
        )
        .then('invited')
        .when(eb.exists(eb.selectFrom('users as u').select('u.id').whereRef('u.partner_id', '=', 'p.id')))
        .then('active')
        .else('none')
        .end()
        .as('access'),
      eb
        .selectFrom('users as u')
        .select((inner) => inner.fn.max('u.invited_at').as('invited_at'))
        .whereRef('u.partner_id', '=', 'p.id')
        .as('invited_at'),
      eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('users as u')
              .select('u.id')
              .whereRef('u.partner_id', '=', 'p.id')
              .where('u.totp_secret', 'is not', null),
          ),
        )
        .then(1)
        .else(0)
        .end()
        .as('two_factor'),
      'p.created_at',
    ])
    .where('p.is_staff', '=', 0);
}

type CustomerRow = Awaited<ReturnType<ReturnType<typeof selectCustomers>['executeTakeFirstOrThrow']>>;

function toCustomer(row: CustomerRow): Customer {
  return {
    ...row,
    gender: oneOf(GENDERS, row.gender),
    client_type: oneOf(CLIENT_TYPES, row.client_type),
    has_account: Number(row.has_account) === 1,
    access: oneOf(CUSTOMER_ACCESS, row.access) ?? 'none',
    invited_at: row.invited_at ?? null,
    two_factor: Number(row.two_factor) === 1,
  };
}

export interface CustomerFilter {
  search?: string;
  limit: number;
  offset: number;
}

/** The columns a directory search matches (lists.ts `searchWhere`: plain text, ignoring case). */
const CUSTOMER_SEARCH = ['p.name', 'p.email', 'p.phone', 'p.national_id', 'p.company_name'];

/**
 * One page of customers (partners that are not the forwarder's own) by name, ignoring case, and how
 * many match in all. The search matches the name, e-mail, phone, national ID and company name (lists.ts
 * `searchWhere`: plain text, ignoring case).
 */
export async function listCustomers(
  db: Database,
  filter: CustomerFilter,
): Promise<{ contacts: Customer[]; total: number }> {
  const search = filter.search;
  const { total } = await db
    .selectFrom('partners as p')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('p.is_staff', '=', 0)
    .$if(Boolean(search), (query) => query.where(searchWhere(CUSTOMER_SEARCH, search ?? '')))
    .executeTakeFirstOrThrow();
  const rows = await selectCustomers(db)
    .$if(Boolean(search), (query) => query.where(searchWhere(CUSTOMER_SEARCH, search ?? '')))
    .orderBy(sql`lower(p.name)`)
    .orderBy('p.id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { contacts: rows.map(toCustomer), total };
}

/** One customer (never the forwarder's own partner), or null when there is none in the scope. */
export async function findCustomer(
  db: Database,
  scope: PartnerScope,
  partnerId: number,
): Promise<Customer | null> {
  let query = selectCustomers(db).where('p.id', '=', partnerId);
  if (scope !== null) query = query.where('p.id', '=', scope);
  const row = await query.executeTakeFirst();
  return row ? toCustomer(row) : null;
}

/**
 * Whether a partner or a user has this e-mail, ignoring case (also beyond ASCII); the partner `except`
 * and its own accounts aside (a customer keeping its address).
 */
async function emailInUse(db: Database, email: string, except: number | null = null): Promise<boolean> {
  const sameEmail = (column: string) => sql<boolean>`lower(${sql.ref(column)}) = lower(${email})`;
  const partner = await db
    .selectFrom('partners')
    .select('id')
    .where(sameEmail('email'))
    .$if(except !== null, (query) => query.where('id', '<>', except!))
    .limit(1)
    .executeTakeFirst();
  if (partner) return true;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where(sameEmail('email'))
    .$if(except !== null, (query) => query.where('partner_id', '<>', except!))
    .limit(1)
    .executeTakeFirst();
  return Boolean(user);
}

/** Text compared as staff mean it: trimmed, ignoring case. */
const folded = (column: string) => sql<string>`lower(trim(coalesce(${sql.ref(column)}, '')))`;

/**
 * Whether another customer of the same country has this national ID (ignoring case and spaces around;
 * two countries may issue the same number).
 */
async function nationalIdTaken(
  db: Database,
  nationalId: string | null | undefined,
  country: string | null | undefined,
  except: number | null,
): Promise<boolean> {
  if (!nationalId) return false;
  const row = await db
    .selectFrom('partners')
    .select('id')
    .where('is_staff', '=', 0)
    .where(folded('national_id'), '=', nationalId.trim().toLowerCase())
    .where(folded('country'), '=', (country ?? '').trim().toLowerCase())
    .$if(except !== null, (query) => query.where('id', '<>', except!))
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export type CustomerRefusal = 'email_taken' | 'national_id_taken';

/**
 * Creates a customer partner without a login, unless a partner or a user already has its e-mail, or a
 * customer of its country its national ID; checked and created in one transaction, in turn with any
 * other account or customer of the same address (users.ts `insertAccount`). Returns its id, or why not.
 */
export async function createCustomer(
  db: Database,
  customer: Omit<NewPartner, 'isStaff' | 'referredByCode'> & { email: string },
  now: Date,
): Promise<number | CustomerRefusal> {
  return inTransaction(db, async (trx) => {
    await lockKey(trx, `email:${customer.email.toLowerCase()}`);
    if (await emailInUse(trx, customer.email)) return 'email_taken';
    if (await nationalIdTaken(trx, customer.nationalId, customer.country, null)) return 'national_id_taken';
    return insertPartner(trx, customer, now);
  });
}

/**
 * Staff correct a customer's details. Its accounts follow a new e-mail address (they sign in with it).
 * 'not_found' for no such customer, or why not.
 */
export async function updateCustomer(
  db: Database,
  partnerId: number,
  customer: Omit<NewPartner, 'isStaff' | 'referredByCode'> & { email: string },
): Promise<'not_found' | CustomerRefusal | null> {
  return inTransaction(db, async (trx) => {
    await lockKey(trx, `email:${customer.email.toLowerCase()}`);
    const found = await trx
      .selectFrom('partners')
      .select('id')
      .where('id', '=', partnerId)
      .where('is_staff', '=', 0)
      .executeTakeFirst();
    if (!found) return 'not_found';
    if (await emailInUse(trx, customer.email, partnerId)) return 'email_taken';
    if (await nationalIdTaken(trx, customer.nationalId, customer.country, partnerId))
      return 'national_id_taken';
    const {
      created_at: _created,
      referred_by_code: _code,
      is_staff: _staff,
      ...values
    } = partnerValues(customer, new Date(0));
    await trx.updateTable('partners').set(values).where('id', '=', partnerId).execute();
    await trx
      .updateTable('users')
      .set({ email: customer.email })
      .where('partner_id', '=', partnerId)
      .execute();
    return null;
  });
}

/** Sets a customer's profile fields (the demo data fills those of the demo customers). */
export async function saveCustomerProfile(
  db: Database,
  partnerId: number,
  profile: CustomerProfile,
): Promise<void> {
  await db
    .updateTable('partners')
    .set({
      national_id: profile.nationalId ?? null,
      gender: profile.gender ?? null,
      date_of_birth: profile.dateOfBirth ?? null,
      client_type: profile.clientType ?? null,
      business_industry: profile.businessIndustry ?? null,
    })
    .where('id', '=', partnerId)
    .where('is_staff', '=', 0)
    .execute();
}
