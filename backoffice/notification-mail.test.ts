// Notifications by e-mail (ADR 058): a mail per notification in the recipient's language (text and HTML,
// right to left in Arabic), queued in the transaction of the change and sent from the queue, retried with
// back-off, never twice, surviving a restart; preferences per kind (portal only, e-mail, daily digest);
// an unsubscribe link that works without signing in; reminders written once when their moment comes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferences, type NotificationKind } from '@contract';
import type { Mailer, MailMessage } from './mail';
import { backoffMs, deliverDueMails, LEASE_MS, MAX_ATTEMPTS } from './mailQueue';
import { MAIL_TEXTS } from './mailTexts';
import { unsubscribeToken } from './notificationMails';
import { insertInvoice } from './invoices';
import { queueDigests, sweepReminders } from './reminders';
import { createSealer, sealingKey, type Sealer } from './sealing';
import {
  signInDemoAccounts,
  startTestBackoffice,
  type DemoAccount,
  type OutboxMessage,
  type TestBackoffice,
} from './testing';

let bo: TestBackoffice;
let sealer: Sealer;
const sessions: Record<DemoAccount, string> = { admin: '', agent: '', client: '', client2: '' };
const partners: Record<DemoAccount, number> = { admin: 0, agent: 0, client: 0, client2: 0 };
const users: Record<DemoAccount, number> = { admin: 0, agent: 0, client: 0, client2: 0 };

beforeAll(async () => {
  // The queue is sent by the tests themselves (`send`), so that each sees exactly what it caused.
  bo = await startTestBackoffice({ mailIntervalMs: 3_600_000, schedulerIntervalMs: 3_600_000 });
  const demo = await signInDemoAccounts(bo);
  Object.assign(sessions, demo.sessions);
  Object.assign(partners, demo.partners);
  for (const who of Object.keys(users) as DemoAccount[]) {
    const row = await bo.backoffice.database
      .selectFrom('users')
      .select('id')
      .where('email', '=', `${who}@example.com`)
      .executeTakeFirstOrThrow();
    users[who] = row.id;
  }
  sealer = createSealer(sealingKey(bo.dataDir, undefined));
});
afterAll(async () => {
  await bo?.dispose();
});

/** The queue's context over the test back office, with this mailer. */
function queue(mailer: Mailer, now = () => new Date(Date.now() + bo.clock.offsetMs)) {
  return {
    database: bo.backoffice.database,
    mailer,
    sealer,
    portalUrl: 'http://portal.test',
    companyName: 'Harbour Freight',
    now,
  };
}

/** A mailer that writes to the test back office's outbox (through a real one) or fails as told. */
async function outboxMailer(fail: () => Error | null = () => null): Promise<Mailer> {
  const { createMailer } = await import('./mail');
  const real = await createMailer({
    outboxDir: `${bo.dataDir}/outbox`,
    from: 'Harbour Freight <no-reply@example.com>',
    now: () => new Date(),
  });
  return {
    send: (message) => real.send(message),
    async deliver(message: MailMessage, name: string) {
      await real.deliver(message, name);
      const error = fail();
      if (error) throw error;
    },
    close: () => real.close(),
  };
}

/** Sends what is due (at this moment: the clock the mails were queued by). */
async function send(at?: Date): Promise<void> {
  await deliverDueMails(queue(await outboxMailer(), at && (() => at)));
}

async function newMails(before: OutboxMessage[]): Promise<OutboxMessage[]> {
  const seen = new Set(before.map((mail) => mail.file));
  return (await bo.outbox()).filter((mail) => !seen.has(mail.file));
}

async function setLanguage(who: DemoAccount, language: 'en' | 'fr' | 'ar' | 'zh') {
  await bo.backoffice.database.updateTable('users').set({ language }).where('id', '=', users[who]).execute();
}

async function newRequest(description: string): Promise<number> {
  const sent = await bo.call('createShippingRequest', {
    body: {
      partner_id: partners.client,
      email_from: 'client@example.com',
      name: 'Other Service',
      description,
      service: 'other',
    },
    session: sessions.client,
  });
  expect(sent.status).toBe(200);
  return (sent.body as { id: number }).id;
}

async function choose(who: DemoAccount, kind: NotificationKind, channel: 'portal' | 'email' | 'digest') {
  const saved = await bo.call('updateNotificationPreferences', {
    body: { preferences: [{ kind, channel }] },
    session: sessions[who],
  });
  expect(saved.status).toBe(200);
  return notificationPreferences.parse(saved.body).preferences;
}

describe('notification mails', () => {
  it('tell each person in their language, with a text and an HTML part, a link to the record and an unsubscribe link', async () => {
    await setLanguage('client', 'fr');
    await setLanguage('admin', 'ar');
    const before = await bo.outbox();
    const id = await newRequest('Mail me');
    await send();
    const mails = await newMails(before);
    // Staff are told of the new request, the customer that it arrived: one mail each, in their language.
    const toClient = mails.filter((mail) => mail.to === 'client@example.com');
    expect(toClient).toHaveLength(1);
    expect(toClient[0]).toMatchObject({
      kind: 'request_sent',
      lang: 'fr',
      subject: MAIL_TEXTS.fr.kinds.request_sent.replace('{{id}}', String(id)),
    });
    const clientMail = toClient[0]!;
    expect(clientMail.text).toContain(clientMail.link);
    expect(clientMail.link).toMatch(/^http:\/\/portal\.test\/apps\/notifications\/\d+$/);
    expect(clientMail.unsubscribe).toMatch(/^http:\/\/portal\.test\/unsubscribe\/\d+\.request_sent\./);
    expect(clientMail.html).toContain('<html lang="fr" dir="ltr">');
    expect(clientMail.html).toContain(`href="${clientMail.link}"`);
    // The description the customer typed is not in the mail: only what the subject needs.
    expect(clientMail.text).not.toContain('Mail me');
    expect(clientMail.html).not.toContain('Mail me');

    const toAdmin = mails.find((mail) => mail.to === 'admin@example.com');
    expect(toAdmin).toMatchObject({ kind: 'request_received', lang: 'ar' });
    expect(toAdmin!.html).toContain('<html lang="ar" dir="rtl">');
    expect(mails.find((mail) => mail.to === 'agent@example.com')).toMatchObject({ lang: 'en' });
    // Nothing else is due: a second round sends nothing, and nothing is mailed twice.
    const after = await bo.outbox();
    await send();
    expect(await newMails(after)).toEqual([]);
    await setLanguage('client', 'en');
    await setLanguage('admin', 'en');
  });

  it('mail the customer, in its language, each thing staff do on its records: a quote, a milestone, a loan, an invoice', async () => {
    await setLanguage('client', 'zh');
    const db = bo.backoffice.database;
    const before = await bo.outbox();
    // A quote sent.
    const quotation = await bo.call('createShippingRequest', {
      body: {
        partner_id: partners.client,
        email_from: 'client@example.com',
        name: 'toys and games',
        description: 'Quote me',
        service: 'quotation',
        origin: 'china',
      },
      session: sessions.client,
    });
    const drafted = await bo.call('createQuote', {
      params: { id: (quotation.body as { id: number }).id },
      body: {
        currency: 'USD',
        valid_until: '2099-12-31',
        category: 'toys_games',
        container_type: 'groupage',
        cbm: 14,
        origin: 'china',
        lines: [{ kind: 'freight', description: 'Ocean freight', quantity: 14, unit: 'cbm', unit_price: 85 }],
      },
      session: sessions.admin,
    });
    const quote = drafted.body as { id: number; name: string };
    expect((await bo.call('sendQuote', { params: { id: quote.id }, session: sessions.admin })).status).toBe(
      200,
    );
    // A tracking milestone on one of its orders.
    const order = await db
      .selectFrom('shipping_orders')
      .select(['id', 'name'])
      .where('partner_id', '=', partners.client)
      .where('status', 'not in', ['delivered', 'cancelled'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const tracked = await bo.call('createTrackingEvent', {
      body: {
        shipping_order_id: order.id,
        milestone: 'delayed',
        place: 'Jebel Ali',
        event_time: new Date().toISOString(),
        note: 'Weather',
      },
      session: sessions.agent,
    });
    expect(tracked.status).toBe(200);
    // A loan approved.
    const loan = await db
      .selectFrom('loans')
      .select('name')
      .where('partner_id', '=', partners.client)
      .where('state', '=', 'requested')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const decided = await bo.call('decideLoan', {
      params: { number: loan.name },
      body: { state: 'approved', note: 'OK.' },
      session: sessions.admin,
    });
    expect(decided.status).toBe(200);
    // An invoice issued.
    const invoice = await insertInvoice(
      db,
      {
        partnerId: partners.client,
        shippingOrderId: null,
        state: 'posted',
        invoiceDate: '2026-11-01',
        dueDate: '2026-12-01',
        currency: 'USD',
        lines: [{ description: 'Ocean freight', quantity: 1, unitPriceCents: 50_000, taxRate: 0 }],
      },
      new Date(),
    );

    await send();
    const mails = (await newMails(before)).filter((mail) => mail.to === 'client@example.com');
    const zh = MAIL_TEXTS.zh;
    expect(mails.map((mail) => [mail.kind, mail.lang, mail.subject])).toEqual(
      expect.arrayContaining([
        ['quote_sent', 'zh', zh.kinds.quote_sent.replace('{{quote}}', quote.name)],
        [
          'order_milestone',
          'zh',
          zh.kinds.order_milestone
            .replace('{{order}}', order.name)
            .replace('{{milestone}}', zh.milestones.delayed),
        ],
        ['loan_approved', 'zh', zh.kinds.loan_approved.replace('{{loan}}', loan.name)],
        [
          'invoice_posted',
          'zh',
          zh.kinds.invoice_posted
            .replace('{{invoice}}', invoice.name)
            .replace(
              '{{date}}',
              new Intl.DateTimeFormat('zh', { dateStyle: 'long', timeZone: 'UTC' }).format(
                new Date('2026-12-01T00:00:00Z'),
              ),
            ),
        ],
      ]),
    );
    // What staff typed (the tracking note, the decision note) stays out of the mails.
    for (const mail of mails) expect(`${mail.text}${mail.html}`).not.toMatch(/Weather|OK\./);
    await setLanguage('client', 'en');
  });

  it('follow each person’s choice per kind: the portal only, by e-mail, or in the daily digest', async () => {
    const preferences = await bo.call('getNotificationPreferences', { session: sessions.client });
    const listed = notificationPreferences.parse(preferences.body).preferences;
    // A customer chooses among the kinds it is told of, each by e-mail until it chooses.
    expect(listed.map((choice) => choice.kind)).toContain('order_milestone');
    expect(listed.map((choice) => choice.kind)).not.toContain('request_received');
    expect(new Set(listed.map((choice) => choice.channel))).toEqual(new Set(['email']));
    // A kind a customer is never told of is refused.
    const refused = await bo.call('updateNotificationPreferences', {
      body: { preferences: [{ kind: 'request_received', channel: 'portal' }] },
      session: sessions.client,
    });
    expect(refused.status).toBe(400);

    await choose('client', 'request_sent', 'portal');
    await choose('client', 'request_approved', 'digest');
    const before = await bo.outbox();
    const id = await newRequest('Portal only');
    await bo.call('reviewShippingRequest', {
      params: { id },
      body: { status: 'approved', note: 'Fine' },
      session: sessions.agent,
    });
    await send();
    // Told in the portal (both notifications are there), mailed neither at once.
    expect((await newMails(before)).filter((mail) => mail.to === 'client@example.com')).toEqual([]);
    const inPortal = await bo.call('listNotifications', { query: { limit: 2 }, session: sessions.client });
    expect((inPortal.body as { notifications: { kind: string }[] }).notifications.map((n) => n.kind)).toEqual(
      ['request_approved', 'request_sent'],
    );

    // The digest gathers the approval once a day, from 07:00 UTC; not twice the same day.
    const morning = new Date(Date.now() + 24 * 3_600_000);
    morning.setUTCHours(6, 0, 0, 0);
    expect(await queueDigests(bo.backoffice.database, morning)).toBe(0);
    const eight = new Date(morning.getTime() + 2 * 3_600_000);
    expect(await queueDigests(bo.backoffice.database, eight)).toBe(1);
    expect(await queueDigests(bo.backoffice.database, eight)).toBe(0);
    await send(eight);
    const digests = (await newMails(before)).filter((mail) => mail.to === 'client@example.com');
    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatchObject({ kind: 'digest', subject: 'Your daily summary: 1 update' });
    expect(digests[0]!.text).toContain(`Your request #${id} was approved`);
    expect(digests[0]!.unsubscribe).toMatch(/\/unsubscribe\/\d+\.all\./);
    await choose('client', 'request_sent', 'email');
    await choose('client', 'request_approved', 'email');
  });

  it('stop by the unsubscribe link without signing in; a link the back office did not sign is refused', async () => {
    const token = unsubscribeToken(sealer, users.client, 'quote_sent');
    const checked = await bo.call('checkUnsubscribe', { body: { token } });
    expect(checked).toMatchObject({ status: 200, body: { kind: 'quote_sent' } });
    // Checking changes nothing.
    const still = notificationPreferences.parse(
      (await bo.call('getNotificationPreferences', { session: sessions.client })).body,
    );
    expect(still.preferences.find((choice) => choice.kind === 'quote_sent')?.channel).toBe('email');

    expect(await bo.call('unsubscribe', { body: { token } })).toMatchObject({ status: 200 });
    const after = notificationPreferences.parse(
      (await bo.call('getNotificationPreferences', { session: sessions.client })).body,
    );
    expect(after.preferences.find((choice) => choice.kind === 'quote_sent')?.channel).toBe('portal');
    expect(after.preferences.find((choice) => choice.kind === 'order_milestone')?.channel).toBe('email');

    // Another person's id under this signature, another kind, a made-up signature: not found.
    const [, , signature] = token.split('.');
    for (const forged of [
      `${users.client2}.quote_sent.${signature}`,
      `${users.client}.order_milestone.${signature}`,
      `${users.client}.quote_sent.${'A'.repeat(43)}`,
      'nonsense',
    ]) {
      expect((await bo.call('unsubscribe', { body: { token: forged } })).status).toBe(404);
    }
    // `all` stops every kind the person is told of.
    await bo.call('unsubscribe', { body: { token: unsubscribeToken(sealer, users.client2, 'all') } });
    const none = notificationPreferences.parse(
      (await bo.call('getNotificationPreferences', { session: sessions.client2 })).body,
    );
    expect(new Set(none.preferences.map((choice) => choice.channel))).toEqual(new Set(['portal']));
    await choose('client', 'quote_sent', 'email');
  });

  it('open a notification for its person only (a mail’s link), marking it read', async () => {
    const list = await bo.call('listNotifications', {
      query: { unread: 'true', limit: 1 },
      session: sessions.agent,
    });
    const [first] = (list.body as { notifications: { id: number }[] }).notifications;
    expect(
      (await bo.call('openNotification', { params: { id: first!.id }, session: sessions.client })).status,
    ).toBe(404);
    const opened = await bo.call('openNotification', { params: { id: first!.id }, session: sessions.agent });
    expect(opened.status).toBe(200);
    expect((opened.body as { read_at: string | null }).read_at).not.toBeNull();
  });

  it('never mail an internal note, and tell a customer’s message to the staff who handle the record', async () => {
    const order = await bo.backoffice.database
      .selectFrom('shipping_orders')
      .select('id')
      .where('partner_id', '=', partners.client)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await bo.outbox();
    const post = (who: DemoAccount, body: string, internal = false) =>
      bo.call('postMessage', {
        params: { record_type: 'order', id: order.id },
        body: { body, internal },
        session: sessions[who],
      });
    await post('agent', 'Only staff read this', true);
    await send();
    expect((await newMails(before)).filter((mail) => mail.to === 'client@example.com')).toEqual([]);
    const internalMails = await newMails(before);
    expect(internalMails.some((mail) => `${mail.text}${mail.html}`.includes('Only staff read this'))).toBe(
      false,
    );

    // The agent has written on the order: the customer's question goes to the agent, not to the admin.
    const mark = await bo.outbox();
    await post('client', 'Where is it?');
    await send();
    const told = await newMails(mark);
    expect(told.map((mail) => mail.to)).toEqual(['agent@example.com']);
    expect(told[0]).toMatchObject({ kind: 'message_received' });
    expect(told[0]!.text).not.toContain('Where is it?');
  });

  it('try a failed mail again later, each time waiting longer, and give it up after the last attempt', async () => {
    const db = bo.backoffice.database;
    const before = await bo.outbox();
    await newRequest('Retry me');
    const queued = await db
      .selectFrom('mail_queue')
      .select(['id', 'created_at'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', new Date().toISOString())
      .orderBy('id')
      .execute();
    expect(queued.length).toBeGreaterThan(0);
    let clock = Date.now();
    const failing = await outboxMailer(() => new Error('SMTP refused'));
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      expect(await deliverDueMails(queue(failing, () => new Date(clock)))).toBe(0);
      const row = await db
        .selectFrom('mail_queue')
        .selectAll()
        .where('id', '=', queued[0]!.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ attempts: attempt, last_error: 'SMTP refused' });
      expect(row.status).toBe(attempt === MAX_ATTEMPTS ? 'failed' : 'pending');
      expect(Date.parse(row.next_attempt_at) - clock).toBe(backoffMs(attempt));
      // Not due again before the wait.
      if (attempt < MAX_ATTEMPTS) {
        expect(await deliverDueMails(queue(failing, () => new Date(clock + backoffMs(attempt) - 1000)))).toBe(
          0,
        );
        clock += backoffMs(attempt);
      }
    }
    // Each attempt wrote the same outbox file: the outbox holds each mail once.
    const written = await newMails(before);
    expect(new Set(written.map((mail) => mail.file)).size).toBe(written.length);
    expect(written.filter((mail) => mail.file.endsWith(`-mail-${queued[0]!.id}.json`))).toHaveLength(1);
    expect(backoffMs(1)).toBeLessThan(backoffMs(2));
  });

  it('survive a restart: a queued mail is sent after it, and one taken by a stopped process once its lease ends', async () => {
    const db = () => bo.backoffice.database;
    const before = await bo.outbox();
    await newRequest('Across a restart');
    const pending = await db()
      .selectFrom('mail_queue')
      .select('id')
      .where('status', '=', 'pending')
      .where('attempts', '=', 0)
      .execute();
    expect(pending.length).toBeGreaterThan(0);
    // A process took the first and stopped before marking it (its lease runs).
    const taken = pending[0]!.id;
    await db()
      .updateTable('mail_queue')
      .set({ attempts: 1, next_attempt_at: new Date(Date.now() + LEASE_MS).toISOString() })
      .where('id', '=', taken)
      .execute();
    await bo.restart();
    await deliverDueMails(queue(await outboxMailer()));
    const sent = await db()
      .selectFrom('mail_queue')
      .select(['id', 'status'])
      .where(
        'id',
        'in',
        pending.map((row) => row.id),
      )
      .execute();
    expect(sent.filter((row) => row.status === 'sent')).toHaveLength(pending.length - 1);
    // Once the lease ends, the mail is sent by the process now running.
    await deliverDueMails(queue(await outboxMailer(), () => new Date(Date.now() + LEASE_MS + 1000)));
    expect(
      (await db().selectFrom('mail_queue').select('status').where('id', '=', taken).executeTakeFirstOrThrow())
        .status,
    ).toBe('sent');
    const written = await newMails(before);
    expect(written.filter((mail) => mail.file.endsWith(`-mail-${taken}.json`))).toHaveLength(1);
  });

  it('remind once when a moment comes: a quote’s last days, an instalment due and overdue, an invoice overdue', async () => {
    const db = bo.backoffice.database;
    const start = new Date('2031-03-01T10:00:00Z');
    // The first sweep of a back office only starts the clock: nothing already past is reminded.
    await db.deleteFrom('job_runs').execute();
    expect(await sweepReminders(db, start)).toBe(0);

    // A quote sent, valid until 2031-03-06: reminded from 2031-03-03.
    const request = await newRequest('Quote me');
    const quote = await db
      .insertInto('quotes')
      .values({
        name: 'Q-REMIND-1',
        version: 1,
        request_id: request,
        partner_id: partners.client,
        status: 'sent',
        currency: 'USD',
        valid_until: '2031-03-06',
        category: 'general',
        container_type: 'groupage',
        cbm: 2,
        origin: 'china',
        total_cents: 50_000,
        created_at: start.toISOString(),
        updated_at: start.toISOString(),
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    // An invoice due 2031-03-02, unpaid: overdue from 2031-03-03.
    const invoice = await db
      .selectFrom('invoices')
      .select(['id', 'name'])
      .where('state', '=', 'posted')
      .where('partner_id', '=', partners.client)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('invoices').set({ due_date: '2031-03-02' }).where('id', '=', invoice.id).execute();

    expect(await sweepReminders(db, new Date('2031-03-02T10:00:00Z'))).toBe(0);
    const due = await sweepReminders(db, new Date('2031-03-03T00:30:00Z'));
    expect(due).toBeGreaterThanOrEqual(2);
    const written = await db
      .selectFrom('notifications')
      .select(['kind', 'record_id', 'params'])
      .where('kind', 'in', ['quote_expiring', 'invoice_overdue'])
      .execute();
    expect(written).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'quote_expiring', record_id: quote.id }),
        expect.objectContaining({ kind: 'invoice_overdue', record_id: invoice.id }),
      ]),
    );
    // A sweep of the same window again (two processes, a clock set back) writes nothing twice.
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('kind', 'in', [
              'quote_expiring',
              'invoice_overdue',
              'instalment_due',
              'instalment_overdue',
            ])
            .executeTakeFirstOrThrow()
        ).n,
      );
    const once = await count();
    await db.updateTable('job_runs').set({ last_run_at: '2031-03-02T10:00:00.000Z' }).execute();
    await sweepReminders(db, new Date('2031-03-03T00:30:00Z'));
    expect(await count()).toBe(once);
    // Each reminder is mailed like any notification, in the customer's words.
    const before = await bo.outbox();
    await send(new Date('2031-03-03T00:31:00Z'));
    const mails = await newMails(before);
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        `Quote ${quote.name} expires on March 6, 2031`,
        `Invoice ${invoice.name} was due on March 2, 2031 and is unpaid`,
      ]),
    );

    // An approved loan's unpaid instalment: reminded 7 days before its due date, and the day after it.
    const loan = await db
      .selectFrom('loans')
      .select(['id', 'name'])
      .where('state', '=', 'approved')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom('loan_transactions')
      .where('loan_id', '=', loan.id)
      .where('type', '=', 'repayment')
      .execute();
    await db
      .updateTable('loans')
      .set({ issue_date: '2031-02-10', first_due_date: '2031-03-20' })
      .where('id', '=', loan.id)
      .execute();
    await sweepReminders(db, new Date('2031-03-13T01:00:00Z'));
    await sweepReminders(db, new Date('2031-03-21T01:00:00Z'));
    const instalment = await db
      .selectFrom('notifications')
      .select(['kind', 'params'])
      .where('record_type', '=', 'loan')
      .where('record_id', '=', loan.id)
      .where('kind', 'in', ['instalment_due', 'instalment_overdue'])
      .execute();
    expect(new Set(instalment.map((row) => row.kind))).toEqual(
      new Set(['instalment_due', 'instalment_overdue']),
    );
    expect(JSON.parse(instalment[0]!.params!)).toEqual({
      loan: loan.name,
      instalment: 1,
      date: '2031-03-20',
    });
  });
});
