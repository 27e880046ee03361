// Issued documents and their share links, through the portal's loaders and actions against the
// reference back office: an issued invoice and a clearance receipt do not change after the fact (on
// the page, in the rendered document and behind a share link); every answer of a share link keeps the
// link out of caches and Referer headers; the links of a document are listed and can be revoked.
import { createElement, type ReactElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertInvoice } from '../../backoffice/invoices';
import { insertShippingOrder } from '../../backoffice/orders';
import { EVERY_CUSTOMER } from '../../backoffice/access';
import { updateContactDetails } from '../../backoffice/partners';
import type { TestBackoffice } from '../../backoffice/testing';
import { addTrackingEvent } from '../../backoffice/tracking';
import {
  formRequest,
  pageRequest,
  signInPortalAccounts,
  startPortalBackoffice,
  thrown,
  withParams,
  type PortalAccount,
} from '../../tests/unit/portal-server';
import { ClearanceReceipt } from '~/components/documents/clearance-receipt';
import { InvoiceDocument } from '~/components/documents/invoice-document';
import { SharedRecordDocument } from '~/components/documents/shared-record';
import { formatDate } from '~/components/format';
import type { ShareAnswer } from '~/components/documents/share-form';
import type { SharedRecord } from '@contract';
import { documentHtml } from '~/services/documents/document-html.server';

let reference: TestBackoffice;
let cookies: Record<PortalAccount, string>;
let partners: Record<PortalAccount, number>;

beforeAll(async () => {
  reference = await startPortalBackoffice();
  ({ cookies, partners } = await signInPortalAccounts(reference));
});
afterAll(() => reference.dispose());

const db = () => reference.backoffice.database;

/** The document as the PDF and PNG downloads print it (the same layout the page shows). */
function rendered(element: ReactElement): Promise<string> {
  return documentHtml({ element, language: 'en', title: 'Document', origin: 'http://127.0.0.1:3000' });
}

/** What a loader or action answered, whether plain data or data with headers. */
function dataOf<T>(answer: unknown): T {
  return (
    answer !== null && typeof answer === 'object' && 'data' in answer && 'init' in answer
      ? answer.data
      : answer
  ) as T;
}

/** A share link made through the page's own Share form, as the signed-in user would. */
async function shareThroughPage(path: string, params: Record<string, string>, who: PortalAccount) {
  const { action } = await import(`./_portal.apps.invoice.$id`);
  const answer = dataOf<ShareAnswer>(
    await action(withParams(formRequest(path, { intent: 'share' }, { cookie: cookies[who] }), params)),
  );
  if (answer.kind !== 'share') throw new Error(`no share link: ${JSON.stringify(answer)}`);
  return new URL(answer.link);
}

const first = {
  name: 'Jade Harbor Imports',
  phone: '+86 21 5555 0100',
  street: '18 Harbour Road',
  city: 'Shanghai',
  country: 'China',
  companyName: null,
};

describe('an issued invoice', () => {
  it('keeps the name and address it was posted with on its page, its PDF and its shared link', async () => {
    await updateContactDetails(db(), EVERY_CUSTOMER, partners.client2, first);
    const { id } = await insertInvoice(
      db(),
      {
        partnerId: partners.client2,
        shippingOrderId: null,
        state: 'posted',
        invoiceDate: '2026-03-02',
        currency: 'USD',
        lines: [{ description: 'Sea freight', quantity: 1, unitPriceCents: 120_000, taxRate: 0 }],
      },
      new Date('2026-03-02T09:00:00Z'),
    );
    const link = await shareThroughPage(`/apps/invoice/${id}`, { id: String(id) }, 'client2');

    // The customer then renames itself as the other customer and moves.
    await updateContactDetails(db(), EVERY_CUSTOMER, partners.client2, {
      ...first,
      name: 'Nile Star Trading',
      street: '14 Corniche El Nil',
      city: 'Cairo',
      country: 'Egypt',
    });

    const { loader } = await import('./_portal.apps.invoice.$id');
    const { invoice } = await loader(
      withParams(pageRequest(`/apps/invoice/${id}`, { cookie: cookies.client2 }), { id: String(id) }),
    );
    expect(invoice).toMatchObject({
      partner_name: 'Jade Harbor Imports',
      partner_address: '18 Harbour Road, Shanghai, China',
    });
    const page = await rendered(createElement(InvoiceDocument, { invoice }));
    expect(page).toContain('Jade Harbor Imports');
    expect(page).toContain('18 Harbour Road, Shanghai, China');
    expect(page).not.toContain('Nile Star Trading');
    expect(page).not.toContain('Corniche');

    const shared = await import('./invoice');
    const { record } = dataOf<{ record: SharedRecord | null }>(
      await shared.loader(withParams(pageRequest(`${link.pathname}${link.search}`), {})),
    );
    expect(record?.kind).toBe('invoice');
    const sharedPage = await rendered(createElement(SharedRecordDocument, { record: record! }));
    expect(sharedPage).toContain('Jade Harbor Imports');
    expect(sharedPage).toContain('18 Harbour Road, Shanghai, China');
    expect(sharedPage).not.toContain('Nile Star Trading');
  });

  it('follows the customer while it is a draft', async () => {
    await updateContactDetails(db(), EVERY_CUSTOMER, partners.client2, first);
    const { id } = await insertInvoice(
      db(),
      {
        partnerId: partners.client2,
        shippingOrderId: null,
        state: 'draft',
        invoiceDate: '2026-03-03',
        currency: 'USD',
        lines: [{ description: 'Customs brokerage', quantity: 1, unitPriceCents: 30_000, taxRate: 0 }],
      },
      new Date('2026-03-03T09:00:00Z'),
    );
    await updateContactDetails(db(), EVERY_CUSTOMER, partners.client2, {
      ...first,
      street: '3 Pudong Avenue',
    });
    const { loader } = await import('./_portal.apps.invoice.$id');
    const { invoice } = await loader(
      withParams(pageRequest(`/apps/invoice/${id}`, { cookie: cookies.agent }), { id: String(id) }),
    );
    expect(invoice.partner_address).toBe('3 Pudong Avenue, Shanghai, China');
  });
});

describe('a clearance receipt', () => {
  it('shows the day it was issued, not the day it is opened', async () => {
    const orderId = await insertShippingOrder(
      db(),
      {
        partnerId: partners.client2,
        requestId: null,
        status: 'arrived',
        category: 'electronics_accessories',
        containerType: 'full_container_load',
        cbm: 8,
        origin: 'china',
        supplierId: null,
        shippingMark: null,
        invoiceStatus: 'not_invoiced',
        totalInvoiceCents: 0,
        loanId: null,
        containerId: null,
        expectedArrival: null,
      },
      new Date('2026-02-01T08:00:00Z'),
    );
    const params = { id: String(orderId) };
    const { loader } = await import('./_portal.apps.shipping.clearance-receipt.$id');
    const path = `/apps/shipping/clearance-receipt/${orderId}`;

    const before = await loader(withParams(pageRequest(path, { cookie: cookies.client2 }), params));
    expect(await rendered(createElement(ClearanceReceipt, { order: before.order }))).toContain(
      'Not yet issued: pending customs clearance',
    );

    const cleared = '2026-02-20T11:00:00.000Z';
    await addTrackingEvent(
      db(),
      orderId,
      { milestone: 'customs_cleared', place: 'Alexandria', eventTime: cleared, note: null },
      1,
      new Date(cleared),
    );
    const { order } = await loader(withParams(pageRequest(path, { cookie: cookies.client2 }), params));
    expect(order.receipt_issued_at).toBe(cleared);
    const page = await rendered(createElement(ClearanceReceipt, { order }));
    expect(page).toContain(formatDate(cleared, 'en'));
    expect(page).not.toContain(formatDate(new Date().toISOString(), 'en'));
  });
});

describe('every answer of a share link', () => {
  const expectPrivate = (headers: Headers | HeadersInit | undefined, what: string) => {
    const all = new Headers(headers);
    expect(all.get('Referrer-Policy'), what).toBe('no-referrer');
    expect(all.get('Cache-Control'), what).toMatch(/^private, no-store$/);
  };

  /** A live share of one of the client's loan documents (a file), as the loan page makes it. */
  async function fileShare(): Promise<string> {
    const document = await db()
      .selectFrom('loan_documents as d')
      .innerJoin('loans as l', 'l.id', 'd.loan_id')
      .select(['l.name as number', 'd.id'])
      .where('l.partner_id', '=', partners.client)
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    const { action } = await import('./_portal.apps.loan.loan-details.$loanNumber');
    const path = `/apps/loan/loan-details/${document.number}`;
    const answer = dataOf<ShareAnswer>(
      await action(
        withParams(
          formRequest(
            path,
            { intent: 'share', documentId: String(document.id) },
            {
              cookie: cookies.client,
            },
          ),
          { loanNumber: document.number },
        ),
      ),
    );
    if (answer.kind !== 'share') throw new Error(JSON.stringify(answer));
    return new URL(answer.link).pathname.split('/')[2]!;
  }

  it('the shared document page and its data request, for a good link and a bad one', async () => {
    const { id: invoice } = await db()
      .selectFrom('invoices')
      .select('id')
      .where('partner_id', '=', partners.client)
      .where('state', '=', 'paid')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const link = await shareThroughPage(`/apps/invoice/${invoice}`, { id: String(invoice) }, 'client');
    const page = await import('./invoice');
    // Remix takes a page's and its data request's headers from the route's `headers` export.
    expectPrivate(page.headers(), 'the headers of /invoice');
    for (const search of [link.search, '?share=nonsense']) {
      const answer = await page.loader(withParams(pageRequest(`/invoice${search}`), {}));
      expectPrivate(answer.init?.headers, `loader of /invoice${search}`);
    }

    const token = await fileShare();
    const shared = await import('./shared.$token');
    expectPrivate(shared.headers(), 'the headers of /shared/:token');
    for (const candidate of [token, 'x'.repeat(43)]) {
      const answer = await shared.loader(
        withParams(pageRequest(`/shared/${candidate}`), { token: candidate }),
      );
      expectPrivate(answer.init?.headers, `loader of /shared/${candidate}`);
    }
  });

  it('the shared file and the PDF or PNG of a shared document, refusals included', async () => {
    const token = await fileShare();
    const file = await import('./shared.$token.file');
    for (const view of ['', '?view=1']) {
      const response = await file.loader(withParams(pageRequest(`/shared/${token}/file${view}`), { token }));
      expect(response.status).toBe(200);
      expectPrivate(response.headers, `file${view}`);
    }
    const refused = await thrown(() =>
      file.loader(withParams(pageRequest(`/shared/${'x'.repeat(43)}/file`), { token: 'x'.repeat(43) })),
    );
    expect(refused.status).toBe(404);
    expectPrivate(refused.headers, 'a refused file');

    const download = await import('./invoice.download');
    for (const search of ['?share=nonsense&format=pdf', '?format=tiff']) {
      const response = await thrown(() =>
        download.loader(withParams(pageRequest(`/invoice/download${search}`), {})),
      );
      expect(response.status).toBe(404);
      expectPrivate(response.headers, `/invoice/download${search}`);
    }
  });
});

describe('the shared links of a document', () => {
  const paidInvoice = async (who: 'client' | 'client2') => {
    const invoice = await db()
      .selectFrom('invoices')
      .select('id')
      .where('partner_id', '=', partners[who])
      .where('state', '=', 'paid')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return invoice.id;
  };

  async function invoicePage(id: number, who: PortalAccount) {
    const { loader } = await import('./_portal.apps.invoice.$id');
    return loader(
      withParams(pageRequest(`/apps/invoice/${id}`, { cookie: cookies[who] }), { id: String(id) }),
    );
  }

  async function revokeOn(id: number, shareId: number, who: PortalAccount) {
    const { action } = await import('./_portal.apps.invoice.$id');
    return action(
      withParams(
        formRequest(
          `/apps/invoice/${id}`,
          { intent: 'revoke', share_id: String(shareId) },
          { cookie: cookies[who] },
        ),
        { id: String(id) },
      ),
    );
  }

  it('are listed on its page to its customer and to staff, and revoked there: the link then opens nothing', async () => {
    const id = await paidInvoice('client');
    const link = await shareThroughPage(`/apps/invoice/${id}`, { id: String(id) }, 'agent');
    const shared = await import('./invoice');
    const open = async () =>
      dataOf<{ record: SharedRecord | null }>(
        await shared.loader(withParams(pageRequest(`${link.pathname}${link.search}`), {})),
      ).record;
    expect((await open())?.kind).toBe('invoice');

    const { shareLinks } = await invoicePage(id, 'client');
    expect(shareLinks).not.toBeNull();
    const made = shareLinks![0]!;
    expect(made).toMatchObject({ kind: 'invoice', created_by: expect.any(String) });
    expect((await invoicePage(id, 'admin')).shareLinks).toEqual(shareLinks);

    // The customer revokes the link the agent made, through the page's form.
    expect(dataOf(await revokeOn(id, made.id, 'client'))).toEqual({ kind: 'revoked' });
    expect(await open()).toBeNull();
    const download = await import('./invoice.download');
    const refused = await thrown(() =>
      download.loader(withParams(pageRequest(`/invoice/download${link.search}&format=pdf`), {})),
    );
    expect(refused.status).toBe(404);
    expect((await invoicePage(id, 'client')).shareLinks!.map((l) => l.id)).not.toContain(made.id);
  });

  it("answers 404 to revoking another customer's link, which goes on working", async () => {
    const theirs = await paidInvoice('client2');
    const link = await shareThroughPage(`/apps/invoice/${theirs}`, { id: String(theirs) }, 'client2');
    const [shareLink] = (await invoicePage(theirs, 'client2')).shareLinks!;
    const own = await paidInvoice('client');
    // Through the client's own invoice page, naming the other customer's link.
    const response = await thrown(() => revokeOn(own, shareLink!.id, 'client'));
    expect(response.status).toBe(404);
    const shared = await import('./invoice');
    const { record } = dataOf<{ record: SharedRecord | null }>(
      await shared.loader(withParams(pageRequest(`${link.pathname}${link.search}`), {})),
    );
    expect(record?.kind).toBe('invoice');
  });

  it('of a loan document are revoked on the loan page, and the shared file is then refused', async () => {
    const document = await db()
      .selectFrom('loan_documents as d')
      .innerJoin('loans as l', 'l.id', 'd.loan_id')
      .select(['l.name as number', 'd.id'])
      .where('l.partner_id', '=', partners.client)
      .orderBy('d.id', 'desc')
      .executeTakeFirstOrThrow();
    const page = await import('./_portal.apps.loan.loan-details.$loanNumber');
    const path = `/apps/loan/loan-details/${document.number}`;
    const params = { loanNumber: document.number };
    const answer = dataOf<ShareAnswer>(
      await page.action(
        withParams(
          formRequest(path, { intent: 'share', documentId: String(document.id) }, { cookie: cookies.client }),
          params,
        ),
      ),
    );
    if (answer.kind !== 'share') throw new Error(JSON.stringify(answer));
    const token = new URL(answer.link).pathname.split('/')[2]!;
    const { shareLinks } = await page.loader(
      withParams(pageRequest(path, { cookie: cookies.agent }), params),
    );
    const made = shareLinks!.find((l) => l.document_id === document.id)!;
    expect(made.document_name).toEqual(expect.any(String));

    const revoked = await page.action(
      withParams(
        formRequest(path, { intent: 'revoke', share_id: String(made.id) }, { cookie: cookies.agent }),
        params,
      ),
    );
    expect(dataOf(revoked)).toEqual({ kind: 'revoked' });
    const file = await import('./shared.$token.file');
    const refused = await thrown(() =>
      file.loader(withParams(pageRequest(`/shared/${token}/file`), { token })),
    );
    expect(refused.status).toBe(404);
  });
});
