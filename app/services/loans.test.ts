// Loans, loan details, staff decisions, loans made from trade-finance requests and the dashboard's
// figures — the portal's loaders and actions against the reference back office, with every refusal.
import { addMonths, dayOf } from '@contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import {
  approvedRequest,
  args,
  formRequest,
  type PortalAccount,
  pageRequest,
  signInPortalAccounts,
  startPortalBackoffice,
  thrown,
  withParams,
} from '../../tests/unit/portal-server';
import { flashAfter } from '../../tests/unit/flash';
import { ServerRefusal, messageKeyFor } from './errors.server';
import { checkStatus } from './loans.server';

let reference: TestBackoffice;
let cookies: Record<PortalAccount, string>;
let partners: Record<PortalAccount, number>;

beforeAll(async () => {
  reference = await startPortalBackoffice();
  ({ cookies, partners } = await signInPortalAccounts(reference));
});
afterAll(() => reference.dispose());

/** The customer's first loan, or its first in that state. */
function loanOf(who: 'client' | 'client2', state?: string): Promise<{ id: number; name: string }> {
  let query = reference.backoffice.database
    .selectFrom('loans')
    .select(['id', 'name'])
    .where('partner_id', '=', partners[who]);
  if (state) query = query.where('state', '=', state);
  return query.orderBy('id').executeTakeFirstOrThrow();
}

describe('the loan list (/apps/loans)', () => {
  it('shows a client only its own loans, ten a page', async () => {
    const { loader } = await import('../routes/_portal.apps.loans._index');
    const page = await loader(args(pageRequest('/apps/loans', { cookie: cookies.client })));
    expect(page.heading).toBe('loans.title');
    expect(page.page!.items).toHaveLength(10);
    expect(page.page!.total).toBeGreaterThanOrEqual(25);
    expect(new Set(page.page!.items.map((loan) => loan.partner_id))).toEqual(new Set([partners.client]));
    const third = await loader(args(pageRequest('/apps/loans?page=3', { cookie: cookies.client })));
    expect(third.page!.page).toBe(3);
    expect(third.page!.items.length).toBeGreaterThan(0);
  });

  it('filters by tab: Previous Loans are repaid, Loans Denied denied', async () => {
    const { loader } = await import('../routes/_portal.apps.loans._index');
    const previous = await loader(args(pageRequest('/apps/loans?tab=previous', { cookie: cookies.client })));
    expect(previous.page!.total).toBeGreaterThan(0);
    expect(previous.page!.items.every((loan) => loan.state === 'repaid')).toBe(true);
    const denied = await loader(args(pageRequest('/apps/loans?tab=denied', { cookie: cookies.client })));
    expect(denied.page!.total).toBeGreaterThan(0);
    expect(denied.page!.items.every((loan) => loan.state === 'denied')).toBe(true);
  });

  it('searches by loan ID', async () => {
    const { loader } = await import('../routes/_portal.apps.loans._index');
    const loan = await loanOf('client');
    const found = await loader(args(pageRequest(`/apps/loans?q=${loan.name}`, { cookie: cookies.client })));
    expect(found.page!.items.map((l) => l.name)).toEqual([loan.name]);
    const foreign = await loader(
      args(pageRequest(`/apps/loans?q=${(await loanOf('client2')).name}`, { cookie: cookies.client })),
    );
    expect(foreign.page!.total).toBe(0);
  });

  it("shows staff every client's loans", async () => {
    const { loader } = await import('../routes/_portal.apps.loans._index');
    const agent = await loader(args(pageRequest('/apps/loans?q=Jade', { cookie: cookies.agent })));
    expect(agent.heading).toBe('loans.titleStaff');
    expect(agent.page!.total).toBeGreaterThanOrEqual(6);
    const nile = await loader(args(pageRequest('/apps/loans?q=Nile', { cookie: cookies.agent })));
    expect(nile.page!.total).toBeGreaterThanOrEqual(25);
  });

  it('exports the filtered list as CSV', async () => {
    const { loader } = await import('../routes/_portal.apps.loans.export[.]csv');
    const response = await loader(
      args(pageRequest('/apps/loans/export.csv?tab=denied', { cookie: cookies.client })),
    );
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toContain('Loan ID');
    const { loader: list } = await import('../routes/_portal.apps.loans._index');
    const denied = await list(args(pageRequest('/apps/loans?tab=denied', { cookie: cookies.client })));
    expect(lines).toHaveLength(denied.page!.total + 1);
  });
});

describe('a loan (/apps/loan/loan-details/:loanNumber)', () => {
  it('shows the loan with its transactions, running balance, schedule and documents', async () => {
    const { loader } = await import('../routes/_portal.apps.loan.loan-details.$loanNumber');
    const withDocs = await reference.backoffice.database
      .selectFrom('loans as l')
      .innerJoin('loan_documents as d', 'd.loan_id', 'l.id')
      .select('l.name')
      .where('l.partner_id', '=', partners.client)
      .where('l.state', '=', 'approved')
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    const page = await loader(
      withParams(pageRequest(`/apps/loan/loan-details/${withDocs.name}`, { cookie: cookies.client }), {
        loanNumber: withDocs.name,
      }),
    );
    expect(page.loan.name).toBe(withDocs.name);
    expect(page.transactions!.length).toBeGreaterThan(0);
    expect(page.transactions![0]!.type).toBe('disbursement');
    // The running balance ends at what is still owed.
    expect(page.transactions!.at(-1)!.balance).toBeCloseTo(page.loan.outstanding, 2);
    expect(page.loan.schedule.length).toBeGreaterThan(0);
    expect(page.loan.documents.length).toBeGreaterThan(0);
  });

  it("answers 404 when a client opens another customer's loan or its document", async () => {
    const { loader } = await import('../routes/_portal.apps.loan.loan-details.$loanNumber');
    const loan = await loanOf('client');
    const response = await thrown(() =>
      loader(
        withParams(pageRequest(`/apps/loan/loan-details/${loan.name}`, { cookie: cookies.client2 }), {
          loanNumber: loan.name,
        }),
      ),
    );
    expect(response.status).toBe(404);
    const doc = await reference.backoffice.database
      .selectFrom('loan_documents as d')
      .innerJoin('loans as l', 'l.id', 'd.loan_id')
      .select(['d.id', 'l.name'])
      .where('l.partner_id', '=', partners.client)
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    const files = await import('../routes/_portal.apps.loan.loan-details.$loanNumber.documents.$documentId');
    const params = { loanNumber: doc.name, documentId: String(doc.id) };
    const path = `/apps/loan/loan-details/${doc.name}/documents/${doc.id}`;
    const refused = await thrown(() =>
      files.loader(withParams(pageRequest(path, { cookie: cookies.client2 }), params)),
    );
    expect(refused.status).toBe(404);
    const viewed = await files.loader(
      withParams(pageRequest(`${path}?view=1`, { cookie: cookies.client }), params),
    );
    expect(viewed.headers.get('Content-Disposition')).toMatch(/^inline; /);
    const downloaded = await files.loader(withParams(pageRequest(path, { cookie: cookies.client }), params));
    expect(downloaded.headers.get('Content-Disposition')).toMatch(/^attachment; /);
  });

  it('lets staff approve a requested loan once; a client may not decide', async () => {
    const { action, loader } = await import('../routes/_portal.apps.loan.loan-details.$loanNumber');
    const loan = await loanOf('client', 'requested');
    const params = { loanNumber: loan.name };
    const path = `/apps/loan/loan-details/${loan.name}`;
    const refused = await thrown(() =>
      action(withParams(formRequest(path, { decision: 'approved' }, { cookie: cookies.client }), params)),
    );
    expect(refused.status).toBe(403);
    const approved = (await action(
      withParams(
        formRequest(path, { decision: 'approved', note: 'Secured by the cargo' }, { cookie: cookies.agent }),
        params,
      ),
    )) as Response;
    expect(approved.headers.get('Location')).toBe(path);
    expect(await flashAfter(approved)).toEqual({ key: 'finance:decision.approved' });
    const page = await loader(withParams(pageRequest(path, { cookie: cookies.client }), params));
    expect(page.loan.state).toBe('approved');
    expect(page.loan.staff_note).toBe('Secured by the cargo');
    expect(page.transactions!.map((t) => t.type)).toContain('disbursement');
    const again = (await action(
      withParams(formRequest(path, { decision: 'denied' }, { cookie: cookies.agent }), params),
    )) as unknown as {
      data: { kind: string; result: { error: Record<string, string[]> } };
    };
    expect(again.data.result.error['']).toEqual(['finance:decision.conflict']);
  });
});

describe('staff approve a trade-finance request with terms', () => {
  it('asks to confirm the terms, then makes the loan paid out, and refuses a second one', async () => {
    const page = await import('../routes/_portal.apps.loans.new-loan.$requestId');
    const pending = { id: await approvedRequest(reference, 'trade_finance') };
    const params = { requestId: String(pending.id) };
    const path = `/apps/loans/new-loan/${pending.id}`;
    const loaded = await page.loader(withParams(pageRequest(path, { cookie: cookies.agent }), params));
    expect(loaded.blocker).toBeNull();
    const terms = {
      principal: '25000',
      interestRate: '9',
      arrangementFee: '250',
      termMonths: '6',
      firstDueDate: addMonths(dayOf(new Date()), 1),
    };
    // First the terms as they will be, nothing made yet.
    const asked = (await page.action(
      withParams(formRequest(path, terms, { cookie: cookies.agent }), params),
    )) as unknown as { data: { terms: { principal: number; arrangementFee: number } } };
    expect(asked.data.terms).toMatchObject({ principal: 25000, arrangementFee: 250 });
    const created = (await page.action(
      withParams(formRequest(path, { ...terms, intent: 'approve' }, { cookie: cookies.agent }), params),
    )) as Response;
    expect(created.headers.get('Location')).toMatch(/^\/apps\/loan\/loan-details\/[A-Z0-9-]+$/);
    const name = created.headers.get('Location')!.split('/').at(-1);
    expect(await flashAfter(created)).toEqual({ key: 'finance:newLoan.created', values: { name } });
    const again = (await page.action(
      withParams(formRequest(path, { ...terms, intent: 'approve' }, { cookie: cookies.agent }), params),
    )) as unknown as { data: { result: { error: Record<string, string[]> } } };
    expect(again.data.result.error['']).toEqual(['finance:newLoan.conflict']);
  });

  it('refuses a shipping request (not trade finance) with a message', async () => {
    const page = await import('../routes/_portal.apps.loans.new-loan.$requestId');
    const shipping = await reference.backoffice.database
      .selectFrom('shipping_requests')
      .select('id')
      .where('service', '=', 'shipping')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const loaded = await page.loader(
      withParams(pageRequest(`/apps/loans/new-loan/${shipping.id}`, { cookie: cookies.agent }), {
        requestId: String(shipping.id),
      }),
    );
    expect(loaded.blocker).toBe('notTradeFinance');
  });
});

describe('answers that are not "success"', () => {
  it('are refused with the back office’s own message, never dropped', () => {
    expect(checkStatus({ status: 'success', loans: [] }).loans).toEqual([]);
    let caught: unknown;
    try {
      checkStatus({ status: 'error', message: 'Credit line suspended' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ServerRefusal);
    expect(messageKeyFor(caught)).toBe('common:errors.serverSaid|{"message":"Credit line suspended"}');
  });
});

describe('the dashboard figures', () => {
  it('gives a client its shipment and finance figures, and staff the exposure by client', async () => {
    const { loader } = await import('../routes/_portal.dashboards.modern');
    const client = await loader(args(pageRequest('/dashboards/modern', { cookie: cookies.client })));
    expect(client.shipments!.financed).toBeGreaterThan(0);
    expect(client.shipments!.open_containers).toEqual([]);
    expect(client.finance!.outstanding).toBeGreaterThan(0);
    expect(client.finance!.exposure).toEqual([]);
    const agent = await loader(args(pageRequest('/dashboards/modern', { cookie: cookies.agent })));
    expect(agent.finance!.exposure.length).toBeGreaterThanOrEqual(2);
    expect(agent.shipments!.open_containers.length).toBeGreaterThan(0);
  });
});
