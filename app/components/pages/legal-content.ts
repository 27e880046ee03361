// What the legal pages (/pages/terms-of-service, /pages/privacy-policy) and the accessibility statement
// (/pages/accessibility) are made of: their sections, in order (texts in the `pages` namespace:
// terms.sections.<id>, privacy.sections.<id>, accessibility.sections.<id>), the date of the current
// version and where to write.

/** The date of the current version of both texts; change it with any change of their meaning. */
export const LEGAL_UPDATED = '2026-11-01';

/** The date of the current accessibility statement (docs/accessibility.md says the same). */
export const ACCESSIBILITY_UPDATED = '2026-11-23';

export const SUPPORT_EMAIL = 'support@harbour-freight.example';
export const PRIVACY_EMAIL = 'privacy@harbour-freight.example';

export const TERMS_SECTIONS = [
  'about',
  'account',
  'requests',
  'shipping',
  'finance',
  'documents',
  'use',
  'availability',
  'liability',
  'ending',
  'law',
  'contact',
] as const;

export const PRIVACY_SECTIONS = [
  'controller',
  'collected',
  'storage',
  'cookies',
  'use',
  'sharing',
  'retention',
  'rights',
  'security',
  'changes',
] as const;

export const ACCESSIBILITY_SECTIONS = ['target', 'design', 'testing', 'exceptions', 'report'] as const;

/** The session cookie's name as app/services/session.server.ts sets it (app/routes/pages.test.ts checks). */
export const SESSION_COOKIE = '__session';

/** The cookies the privacy policy lists (names as the portal sets them), in its words. */
export type CookiePurpose = 'session' | 'language' | 'appearance';
export interface CookieRow {
  name: string;
  purpose: CookiePurpose;
  /** How long the browser keeps it, in hours. */
  hours: number;
}
