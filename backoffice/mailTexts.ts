// The texts of every mail the back office sends (mail-texts/<language>.json): the account mails
// (mail.ts) and the notification mails (notificationMails.ts), in the recipient's language; checked
// by mail-texts.test.ts.
import i18next, { type TFunction } from 'i18next';
import ar from './mail-texts/ar.json';
import en from './mail-texts/en.json';
import fr from './mail-texts/fr.json';
import zh from './mail-texts/zh.json';
import type { MailLanguage } from './mail';

export const MAIL_TEXTS = { en, fr, ar, zh } as const;

const texts = i18next.createInstance();
void texts.init({
  initImmediate: false,
  resources: Object.fromEntries(
    Object.entries(MAIL_TEXTS).map(([lang, resource]) => [lang, { mail: resource }]),
  ),
  defaultNS: 'mail',
  fallbackLng: 'en',
  // Mails are plain text and HTML, each escaped where it is written.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * The mail texts in `lang`. `{{company}}` in them is the company the mails speak for (COMPANY_NAME,
 * ADR 060): each caller passes it, as the back office was started with it.
 */
export function mailTranslator(lang: MailLanguage): TFunction {
  return texts.getFixedT(lang, 'mail');
}
