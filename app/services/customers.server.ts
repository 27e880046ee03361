// The customers directory for staff: a page at a time, one customer, and adding one.
import type { SignedIn } from './auth.server';
import type { Customer, CustomerCreate } from '@contract';
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
