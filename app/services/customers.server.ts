// The customers directory for staff: a page at a time, one customer, and adding one.
import type { SignedIn } from './auth.server';
import { backoffice } from './backoffice/client.server';
import type { Customer, CustomerCreate } from './backoffice/contract';

export const PAGE_SIZE = 10;

export interface CustomerPage {
  customers: Customer[];
  total: number;
  page: number;
  pages: number;
}

/** One page; when the back office ignores paging (answers more than a page), the portal pages itself. */
export async function listCustomers(
  signedIn: SignedIn,
  params: { q?: string; page: number },
): Promise<CustomerPage> {
  const answer = await backoffice().call('listCustomers', {
    session: signedIn.session,
    query: { search: params.q || undefined, limit: PAGE_SIZE, offset: (params.page - 1) * PAGE_SIZE },
  });
  let { contacts, total } = answer;
  if (contacts.length > PAGE_SIZE) {
    const search = params.q?.toLowerCase();
    const matching = search
      ? contacts.filter((c) =>
          [c.name, c.email, c.phone, c.national_id, c.company_name].some((v) =>
            v?.toLowerCase().includes(search),
          ),
        )
      : contacts;
    total = matching.length;
    contacts = matching.slice((params.page - 1) * PAGE_SIZE, params.page * PAGE_SIZE);
  }
  return { customers: contacts, total, page: params.page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

/** Every customer for a choice list (staff filing a request), alphabetical, at most 100. */
export async function customerChoices(signedIn: SignedIn): Promise<{ id: number; name: string }[]> {
  const { contacts } = await backoffice().call('listCustomers', {
    session: signedIn.session,
    query: { limit: 100 },
  });
  return contacts.map((c) => ({ id: c.id, name: c.company_name ? `${c.name} (${c.company_name})` : c.name }));
}

export function getCustomer(signedIn: SignedIn, id: number) {
  return backoffice().call('getCustomer', { session: signedIn.session, params: { id } });
}

/** `idempotencyKey`: the form's key, so the same form sent again adds one customer. */
export async function createCustomer(
  signedIn: SignedIn,
  input: CustomerCreate,
  idempotencyKey?: string,
): Promise<number> {
  const answer = await backoffice().call('createCustomer', {
    session: signedIn.session,
    body: input,
    idempotencyKey,
  });
  return answer.id;
}
