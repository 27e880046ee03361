/**
 * Notification mails in the recipient's language (ADR 058): the subject says what happened, in the words
 * the portal uses; the body links to the record (through the portal's notification link, which asks
 * the person to sign in), never carrying more of the record than the subject names. Every mail has a
 * plain-text and an HTML part (right to left in Arabic) and a link that stops mails like it without
 * signing in (`unsubscribeToken`).
 */
import escapeHtml from 'escape-html';
import type { TFunction } from 'i18next';
import type { NotificationKind } from '@contract';
import type { MailLanguage, MailMessage } from './mail';
import { mailTranslator } from './mailTexts';
import type { Sealer } from './sealing';

/** What a mail of one notification needs to know. */
export interface MailedNotification {
  id: number;
  kind: NotificationKind;
  params: Record<string, string | number>;
}

export interface Recipient {
  userId: number;
  email: string;
  name: string;
  lang: MailLanguage;
}

const UNSUBSCRIBE = 'unsubscribe';

/** The token of an unsubscribe link: whose mails, of which kind (`all`: every kind), signed. */
export function unsubscribeToken(sealer: Sealer, userId: number, kind: NotificationKind | 'all'): string {
  const payload = `${userId}.${kind}`;
  return `${payload}.${sealer.sign(UNSUBSCRIBE, payload)}`;
}

/** Whose mails of which kind a token stops; null for a token the back office did not sign. */
export function readUnsubscribeToken(
  sealer: Sealer,
  token: string,
): { userId: number; kind: NotificationKind | 'all' } | null {
  const match = /^(\d{1,12})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, user, kind, signature] = match as unknown as [string, string, string, string];
  if (!sealer.verify(UNSUBSCRIBE, `${user}.${kind}`, signature)) return null;
  return { userId: Number(user), kind: kind as NotificationKind | 'all' };
}

/** A date of a reminder (YYYY-MM-DD) as the recipient reads dates. */
function formatDay(day: string, lang: MailLanguage): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** The notification's one line: the mail's subject, and a digest's line. */
export function notificationLine(t: TFunction, lang: MailLanguage, n: MailedNotification): string {
  const p = n.params;
  return t(`kinds.${n.kind}`, {
    id: p.id,
    order: p.order,
    quote: p.quote,
    loan: p.loan,
    invoice: p.invoice,
    instalment: p.instalment,
    name: p.name,
    milestone: p.milestone ? t(`milestones.${p.milestone}`) : '',
    date: typeof p.date === 'string' ? formatDay(p.date, lang) : '',
  });
}

interface MailParts {
  recipient: Recipient;
  subject: string;
  lines: { text: string; link: string }[];
  intro?: string;
  button: string;
  buttonLink: string;
  unsubscribeText: string;
  unsubscribeLink: string;
  settingsLink: string;
  kind: string;
}

function compose(t: TFunction, company: string, parts: MailParts): MailMessage {
  const { recipient } = parts;
  const dir = recipient.lang === 'ar' ? 'rtl' : 'ltr';
  const greeting = t('greeting', { name: recipient.name });
  const why = t('why', { company });
  const text = [
    greeting,
    '',
    ...(parts.intro ? [parts.intro, ''] : []),
    ...parts.lines.flatMap((line) =>
      parts.lines.length > 1 ? [`- ${line.text}`, `  ${line.link}`] : [line.text],
    ),
    '',
    `${parts.button}: ${parts.buttonLink}`,
    t('signIn'),
    '',
    '--',
    why,
    `${t('settings')}: ${parts.settingsLink}`,
    `${parts.unsubscribeText}: ${parts.unsubscribeLink}`,
    '',
  ].join('\n');
  const e = escapeHtml;
  const list =
    parts.lines.length > 1
      ? `<ul>${parts.lines.map((line) => `<li><a href="${e(line.link)}">${e(line.text)}</a></li>`).join('')}</ul>`
      : `<p style="font-size:16px;font-weight:bold">${e(parts.lines[0]?.text ?? '')}</p>`;
  const html = `<!doctype html>
<html lang="${recipient.lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(parts.subject)}</title></head>
<body style="font-family:sans-serif;line-height:1.5;color:#1f2937;margin:0;padding:24px" dir="${dir}">
<p>${e(greeting)}</p>
${parts.intro ? `<p>${e(parts.intro)}</p>\n` : ''}${list}
<p><a href="${e(parts.buttonLink)}" style="display:inline-block;padding:10px 16px;background:#0b6bcb;color:#fff;border-radius:6px;text-decoration:none">${e(parts.button)}</a></p>
<p style="color:#6b7280;font-size:13px">${e(t('signIn'))}</p>
<hr style="border:none;border-top:1px solid #e5e7eb">
<p style="color:#6b7280;font-size:12px">${e(why)}<br>
<a href="${e(parts.settingsLink)}">${e(t('settings'))}</a> · <a href="${e(parts.unsubscribeLink)}">${e(parts.unsubscribeText)}</a></p>
</body>
</html>
`;
  return {
    to: recipient.email,
    subject: parts.subject,
    text,
    html,
    link: parts.buttonLink,
    unsubscribe: parts.unsubscribeLink,
    kind: parts.kind,
    lang: recipient.lang,
  };
}

interface Links {
  portalUrl: string;
  sealer: Sealer;
  /** The company the mails speak for (COMPANY_NAME). */
  companyName: string;
}

function commonLinks(links: Links, recipient: Recipient, kind: NotificationKind | 'all') {
  return {
    settingsLink: `${links.portalUrl}/pages/account-settings/notifications`,
    // The page opens in the mail's language for a visitor the portal does not know yet.
    unsubscribeLink: `${links.portalUrl}/unsubscribe/${unsubscribeToken(links.sealer, recipient.userId, kind)}?lng=${recipient.lang}`,
  };
}

/** The mail of one notification: its line as the subject, a link that opens its record. */
export function notificationMail(links: Links, recipient: Recipient, n: MailedNotification): MailMessage {
  const t = mailTranslator(recipient.lang);
  const subject = notificationLine(t, recipient.lang, n);
  const link = `${links.portalUrl}/apps/notifications/${n.id}`;
  return compose(t, links.companyName, {
    recipient,
    subject,
    lines: [{ text: subject, link }],
    button: t('open'),
    buttonLink: link,
    unsubscribeText: t('unsubscribeKind'),
    kind: n.kind,
    ...commonLinks(links, recipient, n.kind),
  });
}

/** The day's digest: a line and a link per notification gathered. */
export function digestMail(links: Links, recipient: Recipient, gathered: MailedNotification[]): MailMessage {
  const t = mailTranslator(recipient.lang);
  return compose(t, links.companyName, {
    recipient,
    subject: t('digest.subject', { count: gathered.length }),
    intro: t('digest.intro'),
    lines: gathered.map((n) => ({
      text: notificationLine(t, recipient.lang, n),
      link: `${links.portalUrl}/apps/notifications/${n.id}`,
    })),
    button: t('openAll'),
    buttonLink: `${links.portalUrl}/apps/notifications`,
    unsubscribeText: t('unsubscribeAll'),
    kind: 'digest',
    ...commonLinks(links, recipient, 'all'),
  });
}
