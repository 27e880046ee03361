import { canManageCustomers, hasRole, partnerScope, type Principal } from '../access';
import type { App } from '../app';
import { changesBetween, recordAudit, type AuditEntry } from '../audit';
import { inviteCustomer, resetCustomerTwoFactor, setCustomerAccess } from '../customerAccess';
import type { Database } from '../data/database';
import { ApiError, refuse, type CallContext, type CallHandlers } from '../http';
import { DEFAULT_LIST_LIMIT } from '../lists';
import { invitationMail, mailLanguage, twoFactorResetMail, type MailLanguage } from '../mail';
import { createCustomer, findCustomer, listCustomers, updateCustomer } from '../partners';

type CustomerCalls =
  | 'listCustomers'
  | 'getCustomer'
  | 'createCustomer'
  | 'updateCustomer'
  | 'inviteCustomer'
  | 'setCustomerAccess'
  | 'resetCustomerTwoFactor';

function customerFields(body: CallContext<'createCustomer'>['body']) {
  return {
    name: body.name,
    email: body.email,
    phone: body.phone,
    nationalId: body.national_id,
    gender: body.gender ?? null,
    dateOfBirth: body.date_of_birth ?? null,
    clientType: body.client_type,
    businessIndustry: body.business_industry,
    street: body.street ?? null,
    city: body.city ?? null,
    country: body.country ?? null,
    companyName: body.company_name ?? null,
  };
}

/** The customer's fields its history follows. */
const CUSTOMER_FIELDS = [
  'name',
  'email',
  'phone',
  'national_id',
  'gender',
  'date_of_birth',
  'client_type',
  'business_industry',
  'street',
  'city',
  'country',
  'company_name',
] as const;

const entry = (id: number, action: AuditEntry['action'], userId: number): AuditEntry => ({
  recordType: 'customer',
  recordId: id,
  action,
  userId,
});

const accessRefused = (message: string) =>
  new ApiError(409, 'conflict', message, [{ path: 'access', message }]);

export function customerHandlers(app: App): Pick<CallHandlers, CustomerCalls> {
  /** The customer as staff see it now (after a change in `db`). */
  const customerNow = async (user: Principal, id: number, db: Database = app.database) => {
    // The forwarder's own partner is no customer: "not found" like an unknown id.
    const customer = await findCustomer(db, partnerScope(user), id);
    if (!customer) throw refuse.notFound();
    return customer;
  };

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
      return customerNow(session.user, params.id);
    },

    async createCustomer({ body, session, database }) {
      if (!canManageCustomers(session.user)) throw refuse.forbidden();
      // `database`: with an Idempotency-Key, the transaction that also keeps the answer.
      const id = await createCustomer(database, customerFields(body), app.now());
      if (id === 'email_taken') throw refuse.customerEmailTaken();
      if (id === 'national_id_taken') throw refuse.nationalIdTaken();
      await recordAudit(database, entry(id, 'created', session.user.id), app.now());
      return { status: 'success', id };
    },

    async updateCustomer({ params, body, session }) {
      if (!canManageCustomers(session.user)) throw refuse.forbidden();
      const before = await customerNow(session.user, params.id);
      const refused = await updateCustomer(app.database, params.id, customerFields(body));
      if (refused === 'not_found') throw refuse.notFound();
      if (refused === 'email_taken') throw refuse.customerEmailTaken();
      if (refused === 'national_id_taken') throw refuse.nationalIdTaken();
      const after = await customerNow(session.user, params.id);
      const changes = changesBetween(before, after, CUSTOMER_FIELDS);
      if (changes)
        await recordAudit(
          app.database,
          { ...entry(params.id, 'edited', session.user.id), changes },
          app.now(),
        );
      return after;
    },

    async inviteCustomer({ params, body, session }) {
      if (!canManageCustomers(session.user)) throw refuse.forbidden();
      const invited = await inviteCustomer(app.database, params.id, body.language, app.now());
      if (invited === 'not_found') throw refuse.notFound();
      if (invited === 'no_email') throw accessRefused('The customer has no e-mail address to invite');
      if (invited === 'joined') throw accessRefused('The customer has chosen a password already');
      if (invited === 'disabled') throw accessRefused('The customer’s access is disabled');
      if (invited === 'email_taken') throw refuse.customerEmailTaken();
      const query = new URLSearchParams({ token: invited.token, email: invited.email, invitation: '1' });
      await app.mailer.send(
        invitationMail({
          to: invited.email,
          link: `${app.portalUrl}/auth/reset-password?${query}`,
          lang: body.language as MailLanguage,
          company: app.companyName,
        }),
      );
      await recordAudit(
        app.database,
        { ...entry(params.id, 'invited', session.user.id), note: `${invited.email} (${body.language})` },
        app.now(),
      );
      return customerNow(session.user, params.id);
    },

    async setCustomerAccess({ params, body, session }) {
      if (!canManageCustomers(session.user)) throw refuse.forbidden();
      const refused = await setCustomerAccess(app.database, params.id, body.active);
      if (refused === 'not_found') throw refuse.notFound();
      if (refused === 'no_account') throw accessRefused('The customer has no portal account yet');
      const action = body.active ? 'access_enabled' : 'access_disabled';
      await recordAudit(app.database, entry(params.id, action, session.user.id), app.now());
      return customerNow(session.user, params.id);
    },

    async resetCustomerTwoFactor({ params, body, session }) {
      // An administrator's act only: agents and clients are refused, whatever the customer.
      if (!hasRole(session.user, 'admin')) throw refuse.forbidden();
      const accounts = await resetCustomerTwoFactor(app.database, params.id);
      if (accounts === 'not_found') throw refuse.notFound();
      if (accounts === 'off') {
        const message = 'The customer’s accounts do not use two-step verification';
        throw new ApiError(409, 'conflict', message, [{ path: 'two_factor', message }]);
      }
      await recordAudit(
        app.database,
        { ...entry(params.id, 'two_factor_reset', session.user.id), note: body.reason },
        app.now(),
      );
      for (const account of accounts)
        await app.mailer.send(
          twoFactorResetMail({
            to: account.email,
            link: `${app.portalUrl}/pages/account-settings/two-step`,
            lang: mailLanguage(account.language),
            company: app.companyName,
          }),
        );
      return customerNow(session.user, params.id);
    },
  };
}
