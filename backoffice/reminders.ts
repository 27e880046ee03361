/**
 * The scheduled jobs of notifications (ADR 058): reminders written when their moment comes — a quote's
 * last days, an instalment falling due or overdue, an invoice overdue — and each person's daily digest.
 *
 * A sweep reminds of the moments that came since the previous sweep (kept in `job_runs`), so that a
 * back office stopped for a while catches up, and the first sweep of a new back office reminds of
 * nothing already past (it only starts the clock). Each reminder has a key per person, so a sweep run
 * twice, or by two processes, writes it once.
 */
import { INSTALMENT_DUE_DAYS, QUOTE_EXPIRING_DAYS, type NotificationKind } from '@contract';
import { inTransaction, type Database } from './data/database';
import { loanSchedule, transactionTotals } from './loans';
import { notifyCustomer, type NewNotification } from './notifications';
import { addDays, dayOf } from './numbers';
import { backofficeLog } from './log';

const REMINDERS_JOB = 'reminders';
/** The hour (UTC) from which a day's digest is made. */
export const DIGEST_HOUR_UTC = 7;

/** The moment a day begins (UTC), as stored. */
const startOf = (day: string) => `${day}T00:00:00.000Z`;

interface Reminder {
  partnerId: number;
  notification: NewNotification;
}

function reminder(
  partnerId: number,
  kind: NotificationKind,
  record: { type: NewNotification['recordType']; id: number },
  params: Record<string, string | number>,
  key: string,
): Reminder {
  return {
    partnerId,
    notification: { kind, recordType: record.type, recordId: record.id, params, dedupeKey: `${kind}:${key}` },
  };
}

/** The reminders whose moment is in (from, to]: moments are the start of a day. */
async function remindersDue(db: Database, from: Date, to: Date): Promise<Reminder[]> {
  const crossed = (day: string) => {
    const moment = startOf(day);
    return moment > from.toISOString() && moment <= to.toISOString();
  };
  const today = dayOf(to);
  const found: Reminder[] = [];

  // A sent quote, QUOTE_EXPIRING_DAYS before its last valid day.
  const quotes = await db
    .selectFrom('quotes')
    .select(['id', 'name', 'partner_id', 'valid_until'])
    .where('status', '=', 'sent')
    .where('valid_until', '>', addDays(dayOf(from), QUOTE_EXPIRING_DAYS - 1))
    .where('valid_until', '<=', addDays(today, QUOTE_EXPIRING_DAYS))
    .execute();
  for (const quote of quotes) {
    if (!crossed(addDays(quote.valid_until, -QUOTE_EXPIRING_DAYS)) || quote.valid_until < today) continue;
    found.push(
      reminder(
        quote.partner_id,
        'quote_expiring',
        { type: 'quote', id: quote.id },
        { quote: quote.name, date: quote.valid_until },
        `quote:${quote.id}:${quote.valid_until}`,
      ),
    );
  }

  // An instalment unpaid INSTALMENT_DUE_DAYS before its due date, and the day after it.
  const loans = await db
    .selectFrom('loans')
    .select([
      'id',
      'name',
      'partner_id',
      'state',
      'principal_cents',
      'interest_rate',
      'term_months',
      'issue_date',
      'first_due_date',
    ])
    .where('state', '=', 'approved')
    .where('issue_date', 'is not', null)
    .$narrowType<{ state: 'approved' }>()
    .execute();
  const totals = await transactionTotals(
    db,
    loans.map((loan) => loan.id),
  );
  for (const loan of loans) {
    const schedule = loanSchedule(loan, totals.get(loan.id)?.repaid ?? 0, today);
    schedule.forEach((line, index) => {
      if (line.unpaid === 0) return;
      const params = { loan: loan.name, instalment: index + 1, date: line.dueDate };
      const record = { type: 'loan' as const, id: loan.id };
      const key = `loan:${loan.id}:${index + 1}:${line.dueDate}`;
      if (crossed(addDays(line.dueDate, -INSTALMENT_DUE_DAYS)) && line.dueDate >= today) {
        found.push(reminder(loan.partner_id, 'instalment_due', record, params, key));
      }
      if (crossed(addDays(line.dueDate, 1))) {
        found.push(reminder(loan.partner_id, 'instalment_overdue', record, params, key));
      }
    });
  }

  // An invoice still unpaid the day after its due date.
  const invoices = await db
    .selectFrom('invoices')
    .select(['id', 'name', 'partner_id', 'due_date'])
    .where('state', 'in', ['posted', 'partially_paid'])
    .where('due_date', '>=', addDays(dayOf(from), -1))
    .where('due_date', '<', today)
    .execute();
  for (const invoice of invoices) {
    if (!crossed(addDays(invoice.due_date, 1))) continue;
    found.push(
      reminder(
        invoice.partner_id,
        'invoice_overdue',
        { type: 'invoice', id: invoice.id },
        { invoice: invoice.name, date: invoice.due_date },
        `invoice:${invoice.id}:${invoice.due_date}`,
      ),
    );
  }
  return found;
}

/**
 * Writes the reminders whose moment came since the previous sweep (none on the first); answers how many
 * reminders were due (each customer's accounts are told, once per key).
 */
export async function sweepReminders(database: Database, now: Date): Promise<number> {
  return inTransaction(database, async (db) => {
    const run = await db
      .selectFrom('job_runs')
      .select('last_run_at')
      .where('name', '=', REMINDERS_JOB)
      .executeTakeFirst();
    await db
      .insertInto('job_runs')
      .values({ name: REMINDERS_JOB, last_run_at: now.toISOString() })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ last_run_at: now.toISOString() }))
      .execute();
    if (!run || run.last_run_at >= now.toISOString()) return 0;
    const due = await remindersDue(db, new Date(run.last_run_at), now);
    for (const { partnerId, notification } of due) await notifyCustomer(db, partnerId, notification, now);
    return due.length;
  });
}

/**
 * Each person who chose a daily digest for some kinds gets, once a day from DIGEST_HOUR_UTC, one mail
 * gathering their notifications of those kinds not yet gathered; answers how many digests were queued.
 */
export async function queueDigests(database: Database, now: Date): Promise<number> {
  if (now.getUTCHours() < DIGEST_HOUR_UTC) return 0;
  const day = dayOf(now);
  const choices = await database
    .selectFrom('notification_preferences')
    .select(['user_id', 'kind'])
    .where('channel', '=', 'digest')
    .execute();
  const kindsOf = new Map<number, string[]>();
  for (const { user_id, kind } of choices) kindsOf.set(user_id, [...(kindsOf.get(user_id) ?? []), kind]);
  let queued = 0;
  for (const [userId, kinds] of kindsOf) {
    const made = await inTransaction(database, async (db) => {
      const gathered = await db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', userId)
        .where('kind', 'in', kinds)
        .where('digest_mail_id', 'is', null)
        .where('created_at', '<=', now.toISOString())
        .execute();
      if (gathered.length === 0) return false;
      const mail = await db
        .insertInto('mail_queue')
        .values({
          user_id: userId,
          digest_date: day,
          status: 'pending',
          next_attempt_at: now.toISOString(),
          created_at: now.toISOString(),
        })
        // Today's digest is made already (another process, an earlier round): the rest waits for tomorrow's.
        .onConflict((conflict) => conflict.columns(['user_id', 'digest_date']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!mail) return false;
      await db
        .updateTable('notifications')
        .set({ digest_mail_id: mail.id })
        .where(
          'id',
          'in',
          gathered.map((row) => row.id),
        )
        .execute();
      return true;
    });
    if (made) queued += 1;
  }
  return queued;
}

/** Sweeps reminders and makes digests every `intervalMs` (and once at start) until stopped. */
export function startScheduler(
  context: { database: Database; now(): Date },
  intervalMs: number,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const round = async () => {
    try {
      await sweepReminders(context.database, context.now());
      await queueDigests(context.database, context.now());
    } catch (error) {
      backofficeLog().error({ err: error }, 'scheduled notifications failed');
    }
  };
  running = running.then(round);
  const timer = setInterval(() => {
    running = running.then(round);
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
