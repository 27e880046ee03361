import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  attachmentFile,
  SHARE_DAYS,
  shareAnswer,
  sharedFile,
  shareLinkInfo,
  shareToken,
  type ShareKind,
} from '@contract';
import { EVERY_CUSTOMER } from './access';
import { addLoanDocument } from './loans';
import { demoPdf } from './pdf';
import { createShare } from './shares';
import { signInDemoAccounts, startTestBackoffice, type DemoAccount, type TestBackoffice } from './testing';

type Who = DemoAccount;

let bo: TestBackoffice;
const sessions: Record<Who, string> = { admin: '', agent: '', client: '', client2: '' };
const partners: Record<Who, number> = { admin: 0, agent: 0, client: 0, client2: 0 };
const users: Record<Who, number> = { admin: 0, agent: 0, client: 0, client2: 0 };

beforeAll(async () => {
  bo = await startTestBackoffice();
  const demo = await signInDemoAccounts(bo);
  Object.assign(sessions, demo.sessions);
  Object.assign(partners, demo.partners);
  Object.assign(users, demo.users);
});
afterAll(async () => {
  await bo?.dispose();
});
afterEach(() => {
  bo.clock.offsetMs = 0;
});

const notFound = { error: 'Not found', code: 'not_found' };
const DAY_MS = 24 * 60 * 60 * 1000;

/** A document of one of the customer's loans: the loan's number and the document's id. */
function documentOf(who: 'client' | 'client2'): Promise<{ number: string; id: number }> {
  return bo.backoffice.database
    .selectFrom('loan_documents as d')
    .innerJoin('loans as l', 'l.id', 'd.loan_id')
    .select(['l.name as number', 'd.id'])
    .where('l.partner_id', '=', partners[who])
    .orderBy('d.id')
    .executeTakeFirstOrThrow();
}

async function shareCount(): Promise<number> {
  const row = await bo.backoffice.database
    .selectFrom('shares')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The id of the loan of this number. */
async function loanIdOf(number: string): Promise<number> {
  const loan = await bo.backoffice.database
    .selectFrom('loans')
    .select('id')
    .where('name', '=', number)
    .executeTakeFirstOrThrow();
  return loan.id;
}

async function share(who: Who, document: { number: string; id: number }) {
  const result = await bo.call('shareLoanDocument', {
    params: { number: document.number, document_id: document.id },
    session: sessions[who],
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return shareAnswer.parse(result.body);
}

/** Reads a shared document the way anyone holding the link does: no cookie at all. */
function open(token: string) {
  return bo.call('getSharedDocument', { params: { token } });
}

/** The token with one character changed, still of the share-token form. */
function tampered(token: string, at = 10): string {
  const char = token[at]!;
  return token.slice(0, at) + (char === 'A' ? 'B' : 'A') + token.slice(at + 1);
}

describe('POST /loans/:number/documents/:document_id/share', () => {
  it('gives a random URL-safe token for 7 days, storing only its SHA-256', async () => {
    const document = await documentOf('client');
    const before = Date.now();
    const first = await share('client', document);
    const second = await share('client', document);
    expect(first.token).not.toBe(second.token);
    for (const { token, expires_at } of [first, second]) {
      expect(shareToken.safeParse(token).success).toBe(true);
      // 32 random bytes in base64url.
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      const expires = Date.parse(expires_at);
      expect(expires).toBeGreaterThanOrEqual(before + SHARE_DAYS * DAY_MS);
      expect(expires).toBeLessThanOrEqual(Date.now() + SHARE_DAYS * DAY_MS);
    }
    const row = await bo.backoffice.database
      .selectFrom('shares')
      .selectAll()
      .where('token_hash', '=', createHash('sha256').update(first.token).digest('hex'))
      .executeTakeFirst();
    const loanId = await loanIdOf(document.number);
    expect(row).toMatchObject({
      kind: 'loan_document',
      target_id: loanId,
      sub_id: document.id,
      created_by_user_id: users.client,
      expires_at: first.expires_at,
    });
    const rows = await bo.backoffice.database.selectFrom('shares').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(first.token);
  });

  it('counts from the app clock', async () => {
    // Twenty minutes on (the demo sessions stay alive: they end after 30 minutes unused).
    bo.clock.offsetMs = 20 * 60_000;
    const { expires_at } = await share('client', await documentOf('client'));
    const expected = Date.now() + 20 * 60_000 + SHARE_DAYS * DAY_MS;
    expect(Math.abs(Date.parse(expires_at) - expected)).toBeLessThan(5_000);
  });

  it("lets staff share any customer's loan document", async () => {
    for (const who of ['admin', 'agent'] as const) {
      const { token } = await share(who, await documentOf('client2'));
      expect((await open(token)).status).toBe(200);
    }
  });

  it("answers 404 for another customer's document, an unknown loan or document, and stores nothing", async () => {
    const own = await documentOf('client');
    const other = await documentOf('client2');
    const before = await shareCount();
    const refused: [Who, { number: string; id: number }][] = [
      ['client2', own],
      ['client', other],
      // Another customer's document through one's own loan number.
      ['client', { number: own.number, id: other.id }],
      ['client', { number: own.number, id: 99999 }],
      ['client', { number: 'LN-1999-0001', id: own.id }],
      ['admin', { number: 'LN-1999-0001', id: own.id }],
    ];
    for (const [who, document] of refused) {
      const result = await bo.call('shareLoanDocument', {
        params: { number: document.number, document_id: document.id },
        session: sessions[who],
      });
      expect(result.status, `${who} ${JSON.stringify(document)}`).toBe(404);
      expect(result.body).toEqual(notFound);
    }
    expect(await shareCount()).toBe(before);
  });

  it('needs a session', async () => {
    const document = await documentOf('client');
    const result = await bo.call('shareLoanDocument', {
      params: { number: document.number, document_id: document.id },
    });
    expect(result.status).toBe(401);
  });

  it('drops expired shares when a new one is made', async () => {
    const document = await documentOf('client');
    const { token } = await share('client', document);
    const db = bo.backoffice.database;
    const loanId = await loanIdOf(document.number);
    // Straight to the function: signing in 8 days later would end the demo sessions of the other tests.
    const later = new Date(Date.now() + (SHARE_DAYS + 1) * DAY_MS);
    await createShare(
      db,
      EVERY_CUSTOMER,
      { kind: 'loan_document', loanId, documentId: document.id },
      users.client,
      later,
    );
    const hash = createHash('sha256').update(token).digest('hex');
    expect(
      await db.selectFrom('shares').select('id').where('token_hash', '=', hash).executeTakeFirst(),
    ).toBeUndefined();
    const live = (await db.selectFrom('shares').select('expires_at').execute()).map((row) => row.expires_at);
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((expiresAt) => expiresAt > later.toISOString())).toBe(true);
  });
});

describe('GET /shared-documents/:token', () => {
  it('gives the shared file to anyone holding the token, without a session', async () => {
    const document = await documentOf('client');
    const { token, expires_at } = await share('client', document);
    const result = await open(token);
    expect(result.status).toBe(200);
    const file = sharedFile.parse(result.body);
    const direct = await bo.call('getLoanDocument', {
      params: { number: document.number, document_id: document.id },
      session: sessions.client,
    });
    expect(file).toEqual({ ...attachmentFile.parse(direct.body), expires_at });
    expect(Buffer.from(file.data, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(result.headers.get('cache-control')).toBe('no-store');
    // Opening it again, or with someone else's session, changes nothing.
    expect((await open(token)).body).toEqual(result.body);
    const withSession = await bo.call('getSharedDocument', { params: { token }, session: sessions.client2 });
    expect(withSession.body).toEqual(result.body);
  });

  it('answers the same 404 for a tampered, an unknown and an expired token', async () => {
    const { token } = await share('client', await documentOf('client'));
    const unknown = Buffer.alloc(32, 7).toString('base64url');
    for (const refused of [tampered(token), tampered(token, 0), tampered(token, token.length - 1), unknown]) {
      const result = await open(refused);
      expect(result.status, refused).toBe(404);
      expect(result.body).toEqual(notFound);
    }

    // Still good a day before it ends; gone 8 days later.
    bo.clock.offsetMs = (SHARE_DAYS - 1) * DAY_MS;
    expect((await open(token)).status).toBe(200);
    bo.clock.offsetMs = 8 * DAY_MS;
    const expired = await open(token);
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual(notFound);
  });

  it('answers the same 404 once the document is gone', async () => {
    const db = bo.backoffice.database;
    const loan = await db
      .selectFrom('loans')
      .select(['id', 'name'])
      .where('partner_id', '=', partners.client)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await addLoanDocument(
      db,
      loan.id,
      { filename: 'draft.pdf', mimetype: 'application/pdf', data: demoPdf(['Draft agreement']) },
      new Date(),
    );
    const { id } = await db
      .selectFrom('loan_documents')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { token } = await share('client', { number: loan.name, id });
    expect((await open(token)).status).toBe(200);
    await db.deleteFrom('loan_documents').where('id', '=', id).execute();
    const result = await open(token);
    expect(result.status).toBe(404);
    expect(result.body).toEqual(notFound);
  });

  it('refuses a token not of the share-token form with 400, before looking anything up', async () => {
    for (const token of ['short', 'x'.repeat(129), 'has+plus/and=padding'.padEnd(40, 'a')]) {
      const result = await open(token);
      expect(result.status, token).toBe(400);
      expect(result.body).toMatchObject({ code: 'bad_request', issues: [{ path: 'token' }] });
    }
  });
});

describe('listing and revoking share links', () => {
  const invoiceOf = async (who: 'client' | 'client2') => {
    const invoice = await bo.backoffice.database
      .selectFrom('invoices')
      .select('id')
      .where('partner_id', '=', partners[who])
      .where('state', '=', 'paid')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return invoice.id;
  };

  async function shareInvoice(who: Who, id: number) {
    const result = await bo.call('shareInvoice', { params: { id }, session: sessions[who] });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return shareAnswer.parse(result.body).token;
  }

  async function listed(who: Who, kind: ShareKind, target_id: number) {
    const result = await bo.call('listShares', { query: { kind, target_id }, session: sessions[who] });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return z.object({ shares: z.array(shareLinkInfo) }).parse(result.body).shares;
  }

  const revoke = (who: Who, id: number) => bo.call('revokeShare', { params: { id }, session: sessions[who] });

  it("lists a document's live links, newest first, to its customer and to staff, whoever made them", async () => {
    const invoice = await invoiceOf('client');
    const byClient = await shareInvoice('client', invoice);
    const byAgent = await shareInvoice('agent', invoice);
    const links = await listed('client', 'invoice', invoice);
    const nameOf = async (who: Who) => {
      const user = await bo.backoffice.database
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('id', '=', users[who])
        .executeTakeFirstOrThrow();
      return `${user.first_name} ${user.last_name}`;
    };
    expect(links.slice(0, 2)).toMatchObject([
      { kind: 'invoice', created_by: await nameOf('agent'), document_id: null, date_from: null },
      { kind: 'invoice', created_by: await nameOf('client') },
    ]);
    expect(links.every((link) => Date.parse(link.expires_at) > Date.now())).toBe(true);
    expect(await listed('admin', 'invoice', invoice)).toEqual(links);
    // The token is handed out once and never listed.
    expect(JSON.stringify(links)).not.toContain(byClient);
    expect(JSON.stringify(links)).not.toContain(byAgent);

    // A loan's documents, with their file names; a statement, with its period.
    const document = await documentOf('client');
    await share('client', document);
    const loanId = await loanIdOf(document.number);
    expect((await listed('client', 'loan_document', loanId))[0]).toMatchObject({
      kind: 'loan_document',
      document_id: document.id,
      document_name: expect.stringMatching(/\.\w+$/),
    });
    const period = { customer_id: partners.client, date_from: '2026-01-01', date_to: '2026-03-31' };
    expect((await bo.call('shareStatement', { body: period, session: sessions.client })).status).toBe(200);
    expect((await listed('client', 'statement', partners.client))[0]).toMatchObject({
      date_from: '2026-01-01',
      date_to: '2026-03-31',
    });
  });

  it("answers 404 for another customer's document, an unknown one, and without a session 401", async () => {
    const other = await invoiceOf('client2');
    await shareInvoice('client2', other);
    for (const [kind, target_id] of [
      ['invoice', other],
      ['invoice', 99999],
      ['statement', partners.client2],
      ['statement', partners.admin],
      ['loan', 99999],
    ] as [ShareKind, number][]) {
      const result = await bo.call('listShares', { query: { kind, target_id }, session: sessions.client });
      expect(result.status, `${kind} ${target_id}`).toBe(404);
      expect(result.body).toEqual(notFound);
    }
    expect((await bo.call('listShares', { query: { kind: 'invoice', target_id: other } })).status).toBe(401);
  });

  it('revokes a link: it opens nothing any more, like an expired one, and leaves the list', async () => {
    const invoice = await invoiceOf('client');
    const document = await documentOf('client');
    const loanId = await loanIdOf(document.number);
    /** The link made by `make`: the one the list did not have before. */
    const added = async (kind: ShareKind, target: number, make: () => Promise<unknown>) => {
      const before = new Set((await listed('client', kind, target)).map((l) => l.id));
      await make();
      return (await listed('client', kind, target)).find((l) => !before.has(l.id))!;
    };
    let token = '';
    const link = await added('invoice', invoice, async () => (token = await shareInvoice('agent', invoice)));
    let fileToken = '';
    const fileLink = await added('loan_document', loanId, async () => {
      fileToken = (await share('client', document)).token;
    });
    expect((await bo.call('getSharedRecord', { params: { token } })).status).toBe(200);
    expect((await open(fileToken)).status).toBe(200);

    // The customer revokes the agent's link; staff revoke the customer's.
    expect((await revoke('client', link!.id)).body).toEqual({ status: 'success' });
    expect((await revoke('agent', fileLink!.id)).body).toEqual({ status: 'success' });
    const refused = await bo.call('getSharedRecord', { params: { token } });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(notFound);
    expect((await open(fileToken)).body).toEqual(notFound);
    expect((await listed('client', 'invoice', invoice)).map((l) => l.id)).not.toContain(link!.id);
    // Again: nothing changes.
    expect((await revoke('client', link!.id)).status).toBe(200);
    const row = await bo.backoffice.database
      .selectFrom('shares')
      .select(['revoked_at', 'revoked_by_user_id'])
      .where('id', '=', link!.id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_by_user_id).toBe(users.client);
  });

  it("answers 404 to revoking another customer's link or an unknown one, and revokes nothing", async () => {
    const other = await invoiceOf('client2');
    const token = await shareInvoice('client2', other);
    const [link] = await listed('client2', 'invoice', other);
    for (const id of [link!.id, 99999]) {
      const result = await revoke('client', id);
      expect(result.status, String(id)).toBe(404);
      expect(result.body).toEqual(notFound);
    }
    expect((await bo.call('getSharedRecord', { params: { token } })).status).toBe(200);
    expect((await bo.call('revokeShare', { params: { id: link!.id } })).status).toBe(401);
  });
});
