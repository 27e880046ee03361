import { canManageCustomers, partnerScope } from '../access';
import type { App } from '../app';
import { refuse, type CallHandlers } from '../http';
import { DEFAULT_LIST_LIMIT } from '../lists';
import { createCustomer, findCustomer, listCustomers } from '../partners';

type CustomerCalls = 'listCustomers' | 'getCustomer' | 'createCustomer';

export function customerHandlers(app: App): Pick<CallHandlers, CustomerCalls> {
  return {
    listCustomers({ query, session }) {
      if (!canManageCustomers(session.user)) throw refuse.forbidden();
      return listCustomers(app.database, {
        search: query.search || undefined,
        limit: query.limit ?? DEFAULT_LIST_LIMIT,
        offset: query.offset ?? 0,
      });
    },

    async getCustomer({ params, session }) {
      if (!canManageCustomers(session.user)) throw refuse.forbidden();
      // The forwarder's own partner is no customer: "not found" like an unknown id.
      const customer = await findCustomer(app.database, partnerScope(session.user), params.id);
      if (!customer) throw refuse.notFound();
      return customer;
    },

    async createCustomer({ body, session, database }) {
      if (!canManageCustomers(session.user)) throw refuse.forbidden();
      // `database`: with an Idempotency-Key, the transaction that also keeps the answer.
      const id = await createCustomer(
        database,
        {
          name: body.name,
          email: body.email,
          phone: body.phone,
          nationalId: body.national_id,
          gender: body.gender,
          dateOfBirth: body.date_of_birth,
          clientType: body.client_type,
          businessIndustry: body.business_industry,
          street: body.street ?? null,
          city: body.city ?? null,
          country: body.country ?? null,
          companyName: body.company_name ?? null,
        },
        app.now(),
      );
      if (id === 'email_taken') throw refuse.customerEmailTaken();
      return { status: 'success', id };
    },
  };
}
