/** Partners: the forwarder's own (staff) and its customers; their contact, image and profile. */
import { CLIENT_TYPES, CONTACT_IMAGE_TYPES, GENDERS, type ContactDetails, type Customer } from '@contract';
import { isUniqueViolation, type Db } from './db';
import { searchCondition } from './lists';
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

export function createPartner(db: Db, partner: NewPartner, now: Date): number {
  const insert = db.prepare(
    `INSERT INTO partners (name, email, phone, street, city, country, company_name, referral_code,
       referred_by_code, is_staff, national_id, gender, date_of_birth, client_type, business_industry,
       created_at)
     VALUES (@name, @email, @phone, @street, @city, @country, @companyName, @referralCode,
       @referredByCode, @isStaff, @nationalId, @gender, @dateOfBirth, @clientType, @businessIndustry,
       @createdAt)`,
  );
  for (let attempt = 0; ; attempt++) {
    try {
      const result = insert.run({
        name: partner.name,
        email: partner.email ?? null,
        phone: partner.phone ?? null,
        street: partner.street ?? null,
        city: partner.city ?? null,
        country: partner.country ?? null,
        companyName: partner.companyName ?? null,
        referralCode: newReferralCode(),
        referredByCode: partner.referredByCode ?? null,
        isStaff: partner.isStaff ? 1 : 0,
        nationalId: partner.nationalId ?? null,
        gender: partner.gender ?? null,
        dateOfBirth: partner.dateOfBirth ?? null,
        clientType: partner.clientType ?? null,
        businessIndustry: partner.businessIndustry ?? null,
        createdAt: now.toISOString(),
      });
      return Number(result.lastInsertRowid);
    } catch (error) {
      // 32^8 codes: a collision is rare, several in a row mean something else is wrong.
      if (attempt < 5 && isUniqueViolation(error, 'partners.referral_code')) continue;
      throw error;
    }
  }
}

/** A partner that is a customer (not the forwarder's own), or null. */
export function findCustomerPartner(db: Db, partnerId: number): { id: number; name: string } | null {
  const row = db.prepare('SELECT id, name FROM partners WHERE id = ? AND is_staff = 0').get(partnerId) as
    { id: number; name: string } | undefined;
  return row ?? null;
}

// ---- Contact details and image ----

interface ContactRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  street: string | null;
  city: string | null;
  country: string | null;
  company_name: string | null;
  referral_code: string | null;
  has_image: number;
}

export function getContactDetails(db: Db, partnerId: number): ContactDetails | null {
  const row = db
    .prepare(
      `SELECT id, name, email, phone, street, city, country, company_name, referral_code,
         image IS NOT NULL AS has_image
       FROM partners WHERE id = ?`,
    )
    .get(partnerId) as ContactRow | undefined;
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
    has_image: row.has_image === 1,
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

export function updateContactDetails(db: Db, partnerId: number, contact: ContactUpdate): void {
  db.prepare(
    `UPDATE partners SET name = @name, phone = @phone, street = @street, city = @city, country = @country,
       company_name = @companyName
     WHERE id = @partnerId`,
  ).run({ ...contact, partnerId });
}

export interface ContactImage {
  mimetype: ContactImageType;
  data: Buffer;
}

/** Replaces the partner's image. */
export function setContactImage(db: Db, partnerId: number, image: ContactImage): void {
  db.prepare('UPDATE partners SET image = ?, image_mimetype = ? WHERE id = ?').run(
    image.data,
    image.mimetype,
    partnerId,
  );
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return (values as readonly (string | null)[]).includes(value) ? (value as T) : null;
}

/** The partner's image, or null when it has none. */
export function findContactImage(db: Db, partnerId: number): ContactImage | null {
  const row = db.prepare('SELECT image, image_mimetype FROM partners WHERE id = ?').get(partnerId) as
    { image: Buffer | null; image_mimetype: string | null } | undefined;
  const mimetype = oneOf(CONTACT_IMAGE_TYPES, row?.image_mimetype ?? null);
  return row?.image && mimetype ? { mimetype, data: row.image } : null;
}

// ---- The customer directory (staff) ----

interface CustomerRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  national_id: string | null;
  gender: string | null;
  date_of_birth: string | null;
  client_type: string | null;
  business_industry: string | null;
  street: string | null;
  city: string | null;
  country: string | null;
  company_name: string | null;
  has_account: number;
  created_at: string;
}

const CUSTOMER_SELECT = `
  SELECT p.id, p.name, p.email, p.phone, p.national_id, p.gender, p.date_of_birth, p.client_type,
    p.business_industry, p.street, p.city, p.country, p.company_name,
    EXISTS (SELECT 1 FROM users u WHERE u.partner_id = p.id) AS has_account, p.created_at
  FROM partners p`;

function toCustomer(row: CustomerRow): Customer {
  return {
    ...row,
    gender: oneOf(GENDERS, row.gender),
    client_type: oneOf(CLIENT_TYPES, row.client_type),
    has_account: row.has_account === 1,
  };
}

export interface CustomerFilter {
  search?: string;
  limit: number;
  offset: number;
}

/**
 * One page of customers (partners that are not the forwarder's own) by name, ignoring case, and how
 * many match in all. The search matches the name, e-mail, phone, national ID and company name (lists.ts
 * `searchCondition`: plain text, ignoring case).
 */
export function listCustomers(db: Db, filter: CustomerFilter): { contacts: Customer[]; total: number } {
  const conditions = ['p.is_staff = 0'];
  const values: unknown[] = [];
  if (filter.search) {
    const columns = ['p.name', 'p.email', 'p.phone', 'p.national_id', 'p.company_name'];
    const search = searchCondition(columns, filter.search);
    conditions.push(search.condition);
    values.push(...search.values);
  }
  const where = `WHERE ${conditions.join(' AND ')}`;
  const total = Number(
    db
      .prepare(`SELECT count(*) FROM partners p ${where}`)
      .pluck()
      .get(...values),
  );
  const rows = db
    .prepare(`${CUSTOMER_SELECT} ${where} ORDER BY casefold(p.name), p.id LIMIT ? OFFSET ?`)
    .all(...values, filter.limit, filter.offset) as CustomerRow[];
  return { contacts: rows.map(toCustomer), total };
}

export function findCustomer(db: Db, partnerId: number): Customer | null {
  const row = db.prepare(`${CUSTOMER_SELECT} WHERE p.id = ? AND p.is_staff = 0`).get(partnerId) as
    CustomerRow | undefined;
  return row ? toCustomer(row) : null;
}

/** Whether a partner or a user has this e-mail, ignoring case (also beyond ASCII). */
function emailInUse(db: Db, email: string): boolean {
  const folded = email.toLowerCase();
  return Boolean(
    db
      .prepare(
        `SELECT EXISTS (SELECT 1 FROM partners WHERE casefold(email) = @folded)
           OR EXISTS (SELECT 1 FROM users WHERE casefold(email) = @folded)`,
      )
      .pluck()
      .get({ folded }),
  );
}

/**
 * Creates a customer partner without a login, unless a partner or a user already has its e-mail;
 * checked and created in one transaction. Returns its id, or 'email_taken'.
 */
export function createCustomer(
  db: Db,
  customer: Omit<NewPartner, 'isStaff' | 'referredByCode'> & { email: string },
  now: Date,
): number | 'email_taken' {
  return db
    .transaction(() => (emailInUse(db, customer.email) ? 'email_taken' : createPartner(db, customer, now)))
    .immediate();
}

/** Sets a customer's profile fields (the demo data fills those of the demo customers). */
export function setCustomerProfile(db: Db, partnerId: number, profile: CustomerProfile): void {
  db.prepare(
    `UPDATE partners SET national_id = @nationalId, gender = @gender, date_of_birth = @dateOfBirth,
       client_type = @clientType, business_industry = @businessIndustry
     WHERE id = @partnerId AND is_staff = 0`,
  ).run({
    nationalId: profile.nationalId ?? null,
    gender: profile.gender ?? null,
    dateOfBirth: profile.dateOfBirth ?? null,
    clientType: profile.clientType ?? null,
    businessIndustry: profile.businessIndustry ?? null,
    partnerId,
  });
}
