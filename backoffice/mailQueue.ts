/**
 * The mail queue (ADR 058): mails are written to `mail_queue` in the transaction of the notification
 * they carry, and sent from there — so a mail is never lost to a crash between the change and the
 * sending, and survives a restart. A process takes a mail by moving its next attempt forward (a lease),
 * sends it, and marks it sent; a failure is tried again later, each time waiting longer, until it is
 * given up. A mail taken by a process that stopped before marking it is taken again when the lease ends:
 * it is written to the outbox under the same name, so the outbox never holds it twice.
 */
import type { NotificationKind } from '@contract';
import type { Database } from './data/database';
import { mailLanguage, type Mailer, type MailMessage } from './mail';
import { digestMail, notificationMail, type MailedNotification, type Recipient } from './notificationMails';
import type { Sealer } from './sealing';
import { backofficeLog } from './log';

/** How long a process may take to send a mail before another may take it again. */
export const LEASE_MS = 5 * 60_000;
/** Attempts before a mail is given up (`failed`). */
export const MAX_ATTEMPTS = 8;
/** The wait before attempt n + 1: a minute, doubling, at most six hours. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);
}
/** Mails sent per round. */
const BATCH = 20;

export interface MailQueueContext {
  database: Database;
  mailer: Mailer;
  sealer: Sealer;
  portalUrl: string;
  /** The company the mails speak for (COMPANY_NAME). */
  companyName: string;
  now(): Date;
}

async function recipientOf(db: Database, userId: number): Promise<(Recipient & { active: boolean }) | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'language', 'active'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  return {
    userId: user.id,
    email: user.email,
    name: user.first_name,
    lang: mailLanguage(user.language),
    active: user.active === 1,
  };
}

function mailed(row: { id: number; kind: string; params: string | null }): MailedNotification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    params: row.params ? (JSON.parse(row.params) as Record<string, string | number>) : {},
  };
}

/** The message a queued mail carries now; null when there is nothing to send any more. */
async function messageOf(
  context: MailQueueContext,
  row: { id: number; user_id: number; notification_id: number | null },
): Promise<MailMessage | null> {
  const db = context.database;
  const recipient = await recipientOf(db, row.user_id);
  // An account closed since: it is told nothing more.
  if (!recipient?.active) return null;
  if (row.notification_id !== null) {
    const notification = await db
      .selectFrom('notifications')
      .select(['id', 'kind', 'params'])
      .where('id', '=', row.notification_id)
      .executeTakeFirst();
    return notification ? notificationMail(context, recipient, mailed(notification)) : null;
  }
  const gathered = await db
    .selectFrom('notifications')
    .select(['id', 'kind', 'params'])
    .where('digest_mail_id', '=', row.id)
    .orderBy('id')
    .execute();
  return gathered.length > 0 ? digestMail(context, recipient, gathered.map(mailed)) : null;
}

/** Takes a due mail for this process (false when another took it first). */
async function take(db: Database, id: number, now: Date): Promise<boolean> {
  const taken = await db
    .updateTable('mail_queue')
    .set((eb) => ({
      next_attempt_at: new Date(now.getTime() + LEASE_MS).toISOString(),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/**
 * Sends the mails that are due (a round of at most BATCH); answers how many were sent. A mail that
 * fails is tried again after `backoffMs`, and given up after MAX_ATTEMPTS.
 */
export async function deliverDueMails(context: MailQueueContext): Promise<number> {
  const db = context.database;
  const now = context.now();
  const due = await db
    .selectFrom('mail_queue')
    .select(['id', 'user_id', 'notification_id', 'attempts', 'created_at'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .orderBy('id')
    .limit(BATCH)
    .execute();
  let sent = 0;
  for (const row of due) {
    if (!(await take(db, row.id, now))) continue;
    const attempts = row.attempts + 1;
    try {
      const message = await messageOf(context, row);
      if (message) {
        const name = `${row.created_at.replaceAll(':', '-')}-mail-${row.id}.json`;
        await context.mailer.deliver(message, name);
        sent += 1;
      }
      await db
        .updateTable('mail_queue')
        .set({
          status: 'sent',
          sent_at: context.now().toISOString(),
          last_error: message ? null : 'nothing to send',
        })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const givenUp = attempts >= MAX_ATTEMPTS;
      await db
        .updateTable('mail_queue')
        .set({
          status: givenUp ? 'failed' : 'pending',
          next_attempt_at: new Date(context.now().getTime() + backoffMs(attempts)).toISOString(),
          last_error: reason.slice(0, 500),
        })
        .where('id', '=', row.id)
        .execute();
      backofficeLog()[givenUp ? 'error' : 'warn'](
        { mailId: row.id, attempts, reason },
        givenUp ? 'mail given up' : 'mail to be tried again',
      );
    }
  }
  return sent;
}

/**
 * Sends due mails every `intervalMs` until stopped; `stop` waits for the round under way. A round that
 * fails (the database away) is logged and the next one tries again.
 */
export function startMailQueue(context: MailQueueContext, intervalMs: number): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const round = async () => {
    try {
      // A full round may leave more due: go on at once.
      while (!stopped && (await deliverDueMails(context)) === BATCH);
    } catch (error) {
      backofficeLog().error({ err: error }, 'mail queue round failed');
    }
  };
  const timer = setInterval(() => {
    running = running.then(round);
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
