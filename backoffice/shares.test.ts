import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  attachmentFile,
  SHARE_DAYS,
  shareAnswer,
  sharedFile,
  shareToken,
} from '../app/services/backoffice/contract';
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
function documentOf(who: 'client' | 'client2'): { number: string; id: number } {
  return bo.backoffice.db
    .prepare(
      `SELECT l.name AS number, d.id FROM loan_documents d JOIN loans l ON l.id = d.loan_id
       WHERE l.partner_id = ? ORDER BY d.id LIMIT 1`,
    )
    .get(partners[who]) as { number: string; id: number };
}

function shareCount(): number {
  return Number(bo.backoffice.db.prepare('SELECT count(*) FROM shares').pluck().get());
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
    const document = documentOf('client');
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
    const row = bo.backoffice.db
      .prepare('SELECT * FROM shares WHERE token_hash = ?')
      .get(createHash('sha256').update(first.token).digest('hex')) as Record<string, unknown>;
    const loanId = bo.backoffice.db
      .prepare('SELECT id FROM loans WHERE name = ?')
      .pluck()
      .get(document.number);
    expect(row).toMatchObject({
      kind: 'loan_document',
      target_id: loanId,
      sub_id: document.id,
      created_by_user_id: users.client,
      expires_at: first.expires_at,
    });
    expect(JSON.stringify(bo.backoffice.db.prepare('SELECT * FROM shares').all())).not.toContain(first.token);
  });

  it('counts from the app clock', async () => {
    // Twenty minutes on (the demo sessions stay alive: they end after 30 minutes unused).
    bo.clock.offsetMs = 20 * 60_000;
    const { expires_at } = await share('client', documentOf('client'));
    const expected = Date.now() + 20 * 60_000 + SHARE_DAYS * DAY_MS;
    expect(Math.abs(Date.parse(expires_at) - expected)).toBeLessThan(5_000);
  });

  it("lets staff share any customer's loan document", async () => {
    for (const who of ['admin', 'agent'] as const) {
      const { token } = await share(who, documentOf('client2'));
      expect((await open(token)).status).toBe(200);
    }
  });

  it("answers 404 for another customer's document, an unknown loan or document, and stores nothing", async () => {
    const own = documentOf('client');
    const other = documentOf('client2');
    const before = shareCount();
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
    expect(shareCount()).toBe(before);
  });

  it('needs a session', async () => {
    const document = documentOf('client');
    const result = await bo.call('shareLoanDocument', {
      params: { number: document.number, document_id: document.id },
    });
    expect(result.status).toBe(401);
  });

  it('drops expired shares when a new one is made', async () => {
    const document = documentOf('client');
    const { token } = await share('client', document);
    const db = bo.backoffice.db;
    const loanId = Number(db.prepare('SELECT id FROM loans WHERE name = ?').pluck().get(document.number));
    // Straight to the function: signing in 8 days later would end the demo sessions of the other tests.
    const later = new Date(Date.now() + (SHARE_DAYS + 1) * DAY_MS);
    createShare(db, { kind: 'loan_document', loanId, documentId: document.id }, users.client, later);
    const hash = createHash('sha256').update(token).digest('hex');
    expect(db.prepare('SELECT 1 FROM shares WHERE token_hash = ?').get(hash)).toBeUndefined();
    const live = db.prepare('SELECT expires_at FROM shares').pluck().all() as string[];
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((expiresAt) => expiresAt > later.toISOString())).toBe(true);
  });
});

describe('GET /shared-documents/:token', () => {
  it('gives the shared file to anyone holding the token, without a session', async () => {
    const document = documentOf('client');
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
    const { token } = await share('client', documentOf('client'));
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
    const db = bo.backoffice.db;
    const loan = db
      .prepare(`SELECT id, name FROM loans WHERE partner_id = ? ORDER BY id LIMIT 1`)
      .get(partners.client) as { id: number; name: string };
    addLoanDocument(
      db,
      loan.id,
      { filename: 'draft.pdf', mimetype: 'application/pdf', data: demoPdf(['Draft agreement']) },
      new Date(),
    );
    const id = Number(db.prepare('SELECT max(id) FROM loan_documents').pluck().get());
    const { token } = await share('client', { number: loan.name, id });
    expect((await open(token)).status).toBe(200);
    db.prepare('DELETE FROM loan_documents WHERE id = ?').run(id);
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
