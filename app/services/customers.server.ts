// The customers directory for staff: a page at a time, one customer, and adding one.
import type { SignedIn } from './auth.server';
import type { Customer, CustomerCreate, MailLanguage } from '@contract';
import type { CustomerForm } from '~/forms/customers';
import { isBackofficeError, type KeyFor } from './errors.server';
import { pageOf, pageQuery, textMatches } from './paging';

export interface CustomerPage {
  customers: Customer[];
  total: number;
  page: number;
  pages: number;
}

/** One page, as every list: the back office pages and filters, or the portal does (paging.ts). */
export async function listCustomers(
  signedIn: SignedIn,
  params: { q?: string; page: number },
): Promise<CustomerPage> {
  const answer = await signedIn.backoffice.call('listCustomers', {
    query: { search: params.q || undefined, ...pageQuery(params.page) },
  });
  const page = pageOf(answer.contacts, answer.total, params.page, (contact) =>
    textMatches(params.q, [
      contact.name,
      contact.email,
      contact.phone,
      contact.national_id,
      contact.company_name,
    ]),
  );
  return { customers: page.items, total: page.total, page: page.page, pages: page.pages };
}

/** Every customer for a choice list (staff filing a request), alphabetical, at most 100. */
export async function customerChoices(signedIn: SignedIn): Promise<{ id: number; name: string }[]> {
  const { contacts } = await signedIn.backoffice.call('listCustomers', {
    query: { limit: 100 },
  });
  return contacts.map((c) => ({ id: c.id, name: c.company_name ? `${c.name} (${c.company_name})` : c.name }));
}

export function getCustomer(signedIn: SignedIn, id: number) {
  return signedIn.backoffice.call('getCustomer', { params: { id } });
}

/** The form's values as the back office takes them (a company sends no gender or date of birth). */
export function customerBody(v: CustomerForm): CustomerCreate {
  const common = {
    name: v.name,
    phone: v.phone,
    email: v.email,
    national_id: v.nationalId,
    business_industry: v.businessIndustry,
    street: v.street,
    city: v.city,
    country: v.country,
    company_name: v.companyName,
  };
  return v.clientType === 'company'
    ? { ...common, client_type: 'company' }
    : { ...common, client_type: 'individual', gender: v.gender!, date_of_birth: v.dateOfBirth! };
}

/** The back office's refusals of a customer's form, under the field each is about. */
export const customerFormKeyFor: KeyFor = (error) => {
  if (!isBackofficeError(error) || error.code !== 'conflict') return null;
  if (error.fields.includes('national_id'))
    return { field: 'nationalId', key: 'customers:add.nationalIdTaken' };
  return { field: 'email', key: 'customers:add.emailTaken' };
};

/** One customer for its own page (a missing one is the 404 page). */
export function getCustomerOr404(signedIn: SignedIn, id: number): Promise<Customer> {
  return signedIn.backoffice.record('getCustomer', { params: { id } });
}

/** Staff correct a customer's details (a missing customer is the 404 page). */
export function updateCustomer(signedIn: SignedIn, id: number, body: CustomerCreate): Promise<Customer> {
  return signedIn.backoffice.record('updateCustomer', { params: { id }, body });
}

/**
 * An administrator turns off two-step verification on the customer's accounts, saying how they made
 * sure the customer asked (a missing customer is the 404 page).
 */
export function resetCustomerTwoStep(signedIn: SignedIn, id: number, reason: string): Promise<Customer> {
  return signedIn.backoffice.record('resetCustomerTwoFactor', { params: { id }, body: { reason } });
}

/** Mails the customer an invitation to the portal, in `language`. */
export function inviteCustomer(signedIn: SignedIn, id: number, language: MailLanguage): Promise<Customer> {
  return signedIn.backoffice.call('inviteCustomer', { params: { id }, body: { language } });
}

/** Disables or re-enables the customer's portal access. */
export function setCustomerAccess(signedIn: SignedIn, id: number, active: boolean): Promise<Customer> {
  return signedIn.backoffice.call('setCustomerAccess', { params: { id }, body: { active } });
}

/** `idempotencyKey`: the form's key, so the same form sent again adds one customer. */
export async function createCustomer(
  signedIn: SignedIn,
  input: CustomerCreate,
  idempotencyKey?: string,
): Promise<number> {
  const answer = await signedIn.backoffice.call('createCustomer', {
    body: input,
    idempotencyKey,
  });
  return answer.id;
}
