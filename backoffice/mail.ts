import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAIL_LANGUAGES } from '@contract';
import { mailTranslator } from './mailTexts';
import { backofficeLog } from './log';

export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** A person's language for their mails: the one kept with the account, English when none or unknown. */
export function mailLanguage(language: string | null | undefined): MailLanguage {
  return MAIL_LANGUAGES.find((known) => known === language) ?? 'en';
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same message in HTML (notification mails); plain text only without it. */
  html?: string;
  /** The one link the message is about (kept apart so tests and operators need not parse text). */
  link?: string;
  /** The link that stops mails like this one, without signing in (also the List-Unsubscribe header). */
  unsubscribe?: string;
  /** What the mail tells (a notification's kind, or `digest`), for tests and operators. */
  kind?: string;
  /** The language it is written in. */
  lang?: string;
}

export interface Mailer {
  /** Resolves once the message is in the outbox; SMTP delivery continues in the background. */
  send(message: MailMessage): Promise<void>;
  /**
   * The mail queue's way: writes the message in the outbox under `name` (the same file again when it is
   * retried, so the outbox never holds it twice) and waits for SMTP, throwing when SMTP refuses it.
   */
  deliver(message: MailMessage, name: string): Promise<void>;
  /** Waits for deliveries under way, then releases the SMTP connection. */
  close(): Promise<void>;
}

export interface MailerOptions {
  outboxDir: string;
  smtpUrl?: string;
  from: string;
  now: () => Date;
}

interface SmtpTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    messageId?: string;
    list?: { unsubscribe: { url: string; comment: string } };
    headers?: Record<string, string>;
  }): Promise<unknown>;
  close(): void;
}

async function createSmtpTransport(smtpUrl: string): Promise<SmtpTransport | null> {
  // Held in a variable so neither TypeScript nor the bundler require nodemailer to be installed.
  const moduleName = 'nodemailer';
  let nodemailer: { createTransport(url: string): SmtpTransport };
  try {
    const imported = await import(/* @vite-ignore */ moduleName);
    nodemailer = imported.default ?? imported;
  } catch {
    backofficeLog().warn(
      'SMTP_URL is set but the "nodemailer" package is not installed: mails are only written to the ' +
        'outbox. Run `npm install nodemailer` to send them.',
    );
    return null;
  }
  return nodemailer.createTransport(smtpUrl);
}

export async function createMailer(options: MailerOptions): Promise<Mailer> {
  await mkdir(options.outboxDir, { recursive: true });
  const smtp = options.smtpUrl ? await createSmtpTransport(options.smtpUrl) : null;
  const deliveries = new Set<Promise<void>>();
  const senderDomain = /@([^>\s]+)/.exec(options.from)?.[1] ?? 'localhost';

  async function writeToOutbox(message: MailMessage, fixedName?: string): Promise<void> {
    const createdAt = options.now().toISOString();
    const name = fixedName ?? `${createdAt.replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.json`;
    const file = path.join(options.outboxDir, name);
    const content = {
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      link: message.link,
      unsubscribe: message.unsubscribe,
      kind: message.kind,
      lang: message.lang,
      createdAt,
    };
    // Written aside and renamed so that a reader never sees half a message.
    const partial = path.join(options.outboxDir, `.${name}.partial`);
    await writeFile(partial, JSON.stringify(content, null, 2) + '\n', { mode: 0o600 });
    await rename(partial, file);
  }

  return {
    async send(message) {
      await writeToOutbox(message);
      if (!smtp) return;
      const delivery = smtp
        .sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text })
        .then(
          () => undefined,
          (error: unknown) => backofficeLog().error({ err: error, to: message.to }, 'SMTP delivery failed'),
        )
        .finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
    },
    async deliver(message, name) {
      await writeToOutbox(message, name);
      if (!smtp) return;
      await smtp.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // The same id on every attempt, so that a receiver keeps one copy of a mail sent twice.
        messageId: `<${name.replace(/\.json$/, '')}@${senderDomain}>`,
        ...(message.unsubscribe && {
          list: { unsubscribe: { url: message.unsubscribe, comment: 'Unsubscribe' } },
          // One click in the mail program (RFC 8058): it posts `List-Unsubscribe=One-Click` to the link,
          // which the portal's unsubscribe page takes without a session.
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }),
      });
    },
    async close() {
      await Promise.all(deliveries);
      smtp?.close();
    },
  };
}

/** The account mails: their texts are `account.<kind>` in mail-texts/<language>.json. */
type AccountMailKind =
  'reset' | 'welcome' | 'registerAgain' | 'invitation' | 'linkAccount' | 'twoFactorReset';

export interface AccountMail {
  to: string;
  /** The one link the mail is about. */
  link: string;
  lang?: MailLanguage;
  /** The company the mail speaks for (COMPANY_NAME). */
  company: string;
}

function accountMail(kind: AccountMailKind, { to, link, lang = 'en', company }: AccountMail): MailMessage {
  const t = mailTranslator(lang);
  return {
    to,
    subject: t(`account.${kind}.subject`, { company }),
    text: t(`account.${kind}.body`, { link, company }),
    link,
  };
}

/** To someone who asked to reset their password (`link`: the reset page, one hour). */
export const passwordResetMail = (mail: AccountMail) => accountMail('reset', mail);

/** To a new customer: the account is open, sign in (`link`: the sign-in page). */
export const welcomeMail = (mail: AccountMail) => accountMail('welcome', mail);

/** To the owner of an address someone tried to register again (`link`: "forgot your password"). */
export const registerAgainMail = (mail: AccountMail) => accountMail('registerAgain', mail);

/** To a customer staff invited: choose a password (`link`: the invitation's page, 7 days). */
export const invitationMail = (mail: AccountMail) => accountMail('invitation', mail);

/**
 * To a known customer's address someone registered with: choose a password to reach the account staff
 * keep (`link`: as an invitation's), which proves the address is theirs.
 */
export const linkAccountMail = (mail: AccountMail) => accountMail('linkAccount', mail);

/**
 * To a customer whose two-step verification an administrator turned off (`link`: the page that turns
 * it on again); it says whom to tell when they did not ask for it.
 */
export const twoFactorResetMail = (mail: AccountMail) => accountMail('twoFactorReset', mail);

/**
 * The sender when MAIL_FROM is unset: the company's name, quoted when it holds characters a sender's
 * name may not carry bare (a comma would split it into two addresses).
 */
export function defaultSender(company: string): string {
  const name = /^[\p{L}\p{N} '-]+$/u.test(company) ? company : `"${company.replace(/["\\]/g, '\\$&')}"`;
  return `${name} <no-reply@example.com>`;
}
