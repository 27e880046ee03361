import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MAIL_LANGUAGES } from '@contract';

export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

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
    console.warn(
      '[backoffice] SMTP_URL is set but the "nodemailer" package is not installed: mails are only ' +
        'written to the outbox. Run `npm install nodemailer` to send them.',
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
          (error: unknown) => console.error(`[backoffice] SMTP delivery to ${message.to} failed:`, error),
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
        }),
      });
    },
    async close() {
      await Promise.all(deliveries);
      smtp?.close();
    },
  };
}

const resetTexts: Record<MailLanguage, { subject: string; body: (link: string) => string }> = {
  en: {
    subject: 'Reset your password',
    body: (link) =>
      `Hello,\n\nWe received a request to reset the password of your account. ` +
      `Open this link to choose a new password:\n\n${link}\n\n` +
      `The link works once and expires in one hour. If you did not ask for this, ignore this e-mail: ` +
      `your password stays unchanged.\n`,
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe',
    body: (link) =>
      `Bonjour,\n\nNous avons reçu une demande de réinitialisation du mot de passe de votre compte. ` +
      `Ouvrez ce lien pour choisir un nouveau mot de passe :\n\n${link}\n\n` +
      `Le lien ne fonctionne qu'une fois et expire dans une heure. Si vous n'êtes pas à l'origine de ` +
      `cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.\n`,
  },
  ar: {
    subject: 'إعادة تعيين كلمة المرور',
    body: (link) =>
      `مرحبًا،\n\nتلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك. ` +
      `افتح هذا الرابط لاختيار كلمة مرور جديدة:\n\n${link}\n\n` +
      `يعمل الرابط مرة واحدة فقط وتنتهي صلاحيته بعد ساعة واحدة. ` +
      `إذا لم تطلب ذلك، فتجاهل هذه الرسالة وستبقى كلمة المرور دون تغيير.\n`,
  },
  zh: {
    subject: '重置您的密码',
    body: (link) =>
      `您好：\n\n我们收到了重置您账户密码的请求。请打开以下链接设置新密码：\n\n${link}\n\n` +
      `该链接仅可使用一次，并将在一小时后失效。如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。\n`,
  },
};

export function passwordResetMail(to: string, link: string, lang: MailLanguage = 'en'): MailMessage {
  const texts = resetTexts[lang];
  return { to, subject: texts.subject, text: texts.body(link), link };
}

type LinkTexts = Record<MailLanguage, { subject: string; body: (link: string) => string }>;

const welcomeTexts: LinkTexts = {
  en: {
    subject: 'Your Harbour Freight account is ready',
    body: (link) =>
      `Hello,\n\nYour customer account has been opened with this e-mail address. ` +
      `Sign in with the password you chose:\n\n${link}\n\n` +
      `If you did not open it, someone typed your address by mistake: ask for a new password from the ` +
      `sign-in page to take the account over, or simply ignore this e-mail.\n`,
  },
  fr: {
    subject: 'Votre compte Harbour Freight est prêt',
    body: (link) =>
      `Bonjour,\n\nVotre compte client a été ouvert avec cette adresse e-mail. ` +
      `Connectez-vous avec le mot de passe que vous avez choisi :\n\n${link}\n\n` +
      `Si vous n'êtes pas à l'origine de cette ouverture, quelqu'un a saisi votre adresse par erreur : ` +
      `demandez un nouveau mot de passe depuis la page de connexion pour reprendre le compte, ou ` +
      `ignorez simplement cet e-mail.\n`,
  },
  ar: {
    subject: 'حسابك لدى Harbour Freight جاهز',
    body: (link) =>
      `مرحبًا،\n\nتم فتح حساب العميل الخاص بك بعنوان البريد الإلكتروني هذا. ` +
      `سجّل الدخول بكلمة المرور التي اخترتها:\n\n${link}\n\n` +
      `إذا لم تفتح هذا الحساب بنفسك، فقد كتب أحدهم عنوانك عن طريق الخطأ: اطلب كلمة مرور جديدة من صفحة ` +
      `تسجيل الدخول لتتولى الحساب، أو تجاهل هذه الرسالة ببساطة.\n`,
  },
  zh: {
    subject: '您的 Harbour Freight 账户已开通',
    body: (link) =>
      `您好：\n\n已使用此电子邮件地址为您开通客户账户。请使用您设置的密码登录：\n\n${link}\n\n` +
      `如果这不是您本人开通的，可能是有人误填了您的地址：您可以在登录页面申请新密码以接管该账户，` +
      `或直接忽略此邮件。\n`,
  },
};

const registerAgainTexts: LinkTexts = {
  en: {
    subject: 'Someone tried to open an account with your address',
    body: (link) =>
      `Hello,\n\nSomeone tried to open a new customer account with this e-mail address, which already ` +
      `has one. If it was you, sign in with your password; if you have forgotten it, choose a new one ` +
      `here:\n\n${link}\n\nIf it was not you, ignore this e-mail: your account is unchanged.\n`,
  },
  fr: {
    subject: "Quelqu'un a tenté d'ouvrir un compte avec votre adresse",
    body: (link) =>
      `Bonjour,\n\nQuelqu'un a tenté d'ouvrir un nouveau compte client avec cette adresse e-mail, qui en ` +
      `a déjà un. Si c'était vous, connectez-vous avec votre mot de passe ; si vous l'avez oublié, ` +
      `choisissez-en un nouveau ici :\n\n${link}\n\n` +
      `Si ce n'était pas vous, ignorez cet e-mail : votre compte reste inchangé.\n`,
  },
  ar: {
    subject: 'حاول أحدهم فتح حساب بعنوان بريدك الإلكتروني',
    body: (link) =>
      `مرحبًا،\n\nحاول أحدهم فتح حساب عميل جديد بعنوان البريد الإلكتروني هذا، وله حساب بالفعل. ` +
      `إذا كنت أنت، فسجّل الدخول بكلمة المرور الخاصة بك؛ وإذا نسيتها، فاختر كلمة جديدة من هنا:\n\n${link}\n\n` +
      `إذا لم تكن أنت، فتجاهل هذه الرسالة: حسابك لم يتغيّر.\n`,
  },
  zh: {
    subject: '有人尝试用您的地址开通账户',
    body: (link) =>
      `您好：\n\n有人尝试使用此电子邮件地址开通新的客户账户，而该地址已有账户。` +
      `如果是您本人，请使用您的密码登录；如果忘记了密码，可在此设置新密码：\n\n${link}\n\n` +
      `如果不是您本人，请忽略此邮件，您的账户不会有任何变化。\n`,
  },
};

/** To a new customer: the account is open, sign in (`link`: the sign-in page). */
export function welcomeMail(to: string, link: string, lang: MailLanguage = 'en'): MailMessage {
  const texts = welcomeTexts[lang];
  return { to, subject: texts.subject, text: texts.body(link), link };
}

/** To the owner of an address someone tried to register again (`link`: "forgot your password"). */
export function registerAgainMail(to: string, link: string, lang: MailLanguage = 'en'): MailMessage {
  const texts = registerAgainTexts[lang];
  return { to, subject: texts.subject, text: texts.body(link), link };
}

const invitationTexts: LinkTexts = {
  en: {
    subject: 'You are invited to the Harbour Freight customer portal',
    body: (link) =>
      `Hello,\n\nHarbour Freight has opened a customer portal account for you with this e-mail address. ` +
      `There you follow your shipping orders, loans, invoices and statements, and send us requests.\n\n` +
      `Choose your password here to sign in:\n\n${link}\n\n` +
      `The link works once and for 7 days. If you did not expect this, ignore this e-mail.\n`,
  },
  fr: {
    subject: 'Vous êtes invité sur le portail client Harbour Freight',
    body: (link) =>
      `Bonjour,\n\nHarbour Freight vous a ouvert un compte sur son portail client avec cette adresse ` +
      `e-mail. Vous y suivez vos commandes d'expédition, prêts, factures et relevés, et nous envoyez vos ` +
      `demandes.\n\nChoisissez votre mot de passe ici pour vous connecter :\n\n${link}\n\n` +
      `Le lien ne fonctionne qu'une fois, pendant 7 jours. Si vous ne vous y attendiez pas, ignorez cet e-mail.\n`,
  },
  ar: {
    subject: 'دعوة إلى بوابة عملاء Harbour Freight',
    body: (link) =>
      `مرحبًا،\n\nفتحت Harbour Freight لك حسابًا في بوابة العملاء بعنوان البريد الإلكتروني هذا. ` +
      `تتابع فيها أوامر الشحن والقروض والفواتير وكشوف الحساب، وترسل إلينا طلباتك.\n\n` +
      `اختر كلمة المرور من هنا لتسجيل الدخول:\n\n${link}\n\n` +
      `يعمل الرابط مرة واحدة ولمدة 7 أيام. إذا لم تكن تتوقع هذه الرسالة، فتجاهلها.\n`,
  },
  zh: {
    subject: '邀请您使用 Harbour Freight 客户门户',
    body: (link) =>
      `您好：\n\nHarbour Freight 已使用此电子邮件地址为您开通客户门户账户。` +
      `您可以在门户中跟踪货运订单、贷款、发票和对账单，并向我们提交申请。\n\n` +
      `请在此设置密码以登录：\n\n${link}\n\n该链接仅可使用一次，有效期 7 天。如果您并未预期此邮件，请忽略。\n`,
  },
};

const linkAccountTexts: LinkTexts = {
  en: {
    subject: 'Reach your Harbour Freight customer account',
    body: (link) =>
      `Hello,\n\nSomeone registered on the Harbour Freight portal with this e-mail address, which we ` +
      `already know as one of our customers. To reach your customer account, prove the address is yours ` +
      `by choosing your password here:\n\n${link}\n\n` +
      `The link works once and for 7 days. If it was not you, ignore this e-mail: nothing changes.\n`,
  },
  fr: {
    subject: 'Accédez à votre compte client Harbour Freight',
    body: (link) =>
      `Bonjour,\n\nQuelqu'un s'est inscrit sur le portail Harbour Freight avec cette adresse e-mail, que ` +
      `nous connaissons déjà comme celle d'un de nos clients. Pour accéder à votre compte client, ` +
      `prouvez que l'adresse est la vôtre en choisissant votre mot de passe ici :\n\n${link}\n\n` +
      `Le lien ne fonctionne qu'une fois, pendant 7 jours. Si ce n'était pas vous, ignorez cet e-mail : ` +
      `rien ne change.\n`,
  },
  ar: {
    subject: 'الوصول إلى حساب العميل لدى Harbour Freight',
    body: (link) =>
      `مرحبًا،\n\nسجّل أحدهم في بوابة Harbour Freight بعنوان البريد الإلكتروني هذا، ونحن نعرفه بالفعل ` +
      `عنوانًا لأحد عملائنا. للوصول إلى حساب العميل، أثبت أن العنوان لك باختيار كلمة المرور من هنا:\n\n${link}\n\n` +
      `يعمل الرابط مرة واحدة ولمدة 7 أيام. إذا لم تكن أنت، فتجاهل هذه الرسالة: لن يتغيّر شيء.\n`,
  },
  zh: {
    subject: '进入您的 Harbour Freight 客户账户',
    body: (link) =>
      `您好：\n\n有人使用此电子邮件地址在 Harbour Freight 门户注册，而我们已将该地址登记为客户地址。` +
      `要进入您的客户账户，请在此设置密码以证明该地址属于您：\n\n${link}\n\n` +
      `该链接仅可使用一次，有效期 7 天。如果不是您本人，请忽略此邮件，一切保持不变。\n`,
  },
};

/** To a customer staff invited: choose a password (`link`: the invitation's page, 7 days). */
export function invitationMail(to: string, link: string, lang: MailLanguage = 'en'): MailMessage {
  const texts = invitationTexts[lang];
  return { to, subject: texts.subject, text: texts.body(link), link };
}

/**
 * To a known customer's address someone registered with: choose a password to reach the account staff
 * keep (`link`: as an invitation's), which proves the address is theirs.
 */
export function linkAccountMail(to: string, link: string, lang: MailLanguage = 'en'): MailMessage {
  const texts = linkAccountTexts[lang];
  return { to, subject: texts.subject, text: texts.body(link), link };
}
