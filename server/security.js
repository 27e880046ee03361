// Request checks and response headers of the portal's HTTP server (server.js), kept apart to be tested.

/**
 * Refuses cross-site writes (CSRF): a POST, PUT, PATCH or DELETE must come from a page of this portal.
 * Browsers name the page's origin in `Origin` on every such request; without it, `Sec-Fetch-Site`
 * tells. Requests from non-browser clients (neither header) are let through: they carry no victim's
 * cookies. `expectedOrigin` is the portal's own origin as the browser sees it.
 * @param {{ method: string; origin?: string; secFetchSite?: string; expectedOrigin: string }} request
 * @returns {boolean}
 */
export function isCrossSiteWrite({ method, origin, secFetchSite, expectedOrigin }) {
  if (['GET', 'HEAD', 'OPTIONS'].includes(method)) return false;
  if (origin) return origin === 'null' || origin !== expectedOrigin;
  return secFetchSite === 'cross-site' || secFetchSite === 'same-site';
}

/** The largest request bodies read: forms and JSON calls (files are only read by the pages below). */
export const BODY_LIMITS = { form: 1024 * 1024 };

const MB = 1024 * 1024;
/**
 * The only pages that take files (multipart bodies), each with the largest body it reads: the request
 * forms (five attachments of 10 MB: ATTACHMENT_LIMITS), the contact picture in account settings
 * (2 MB: CONTACT_IMAGE_LIMIT), and the record pages whose conversation takes files with a message (the
 * request rules), plus the form's text fields. `:name` stands for one segment of the path.
 * `server/security.test.ts` checks this list against the route files that read multipart bodies and
 * against the contract's limits.
 */
export const MULTIPART_PAGES = {
  '/apps/request-for-shipping': 5 * 10 * MB + BODY_LIMITS.form,
  '/apps/request-for-quotation': 5 * 10 * MB + BODY_LIMITS.form,
  '/apps/request-for-trade-finance': 5 * 10 * MB + BODY_LIMITS.form,
  '/apps/send-request-for-service': 5 * 10 * MB + BODY_LIMITS.form,
  '/apps/request-for-service': 5 * 10 * MB + BODY_LIMITS.form,
  '/pages/account-settings/image': 2 * MB + BODY_LIMITS.form,
  '/apps/requests/:id': 5 * 10 * MB + BODY_LIMITS.form,
  '/apps/quotes/:id': 5 * 10 * MB + BODY_LIMITS.form,
  '/apps/shipping-details/:id': 5 * 10 * MB + BODY_LIMITS.form,
  '/apps/loan/loan-details/:loanNumber': 5 * 10 * MB + BODY_LIMITS.form,
  '/apps/invoice/:id': 5 * 10 * MB + BODY_LIMITS.form,
};

/** Each page of MULTIPART_PAGES as a pattern of its path (a parameter is one segment). */
const MULTIPART_PATTERNS = Object.entries(MULTIPART_PAGES).map(([page, limit]) => ({
  pattern: new RegExp(`^${page.replace(/:[A-Za-z]+/g, '[^/]+')}$`),
  limit,
}));

/**
 * The largest multipart body `path` takes, or null when it takes none. A page's data request
 * (`/page.data`, how forms post with JavaScript on) and a trailing slash are the same page.
 * @param {string} path
 * @returns {number | null}
 */
export function multipartLimit(path) {
  const page = path.replace(/\.data$/, '').replace(/(.)\/+$/, '$1');
  return MULTIPART_PATTERNS.find(({ pattern }) => pattern.test(page))?.limit ?? null;
}

/**
 * Refuses a request body before anything reads it: 415 for files (multipart) sent to a page that takes
 * none; 413 above the limit for its kind and page; 411 for a body without a declared length (browsers
 * always declare one for forms and calls). Multipart uploads are also cut at their own, smaller limits
 * while they are read (uploads.server.ts).
 * @param {{ method: string; path?: string; contentType?: string; contentLength?: string; transferEncoding?: string }} request
 * @returns {411 | 413 | 415 | null}
 */
export function bodyRefusal({ method, path = '/', contentType, contentLength, transferEncoding }) {
  if (['GET', 'HEAD', 'OPTIONS'].includes(method)) return null;
  const multipart = /^\s*multipart\//i.test(contentType ?? '');
  const limit = multipart ? multipartLimit(path) : BODY_LIMITS.form;
  if (limit === null) return 415;
  if (contentLength === undefined) return transferEncoding ? 411 : null;
  const length = Number(contentLength);
  return /^\d+$/.test(contentLength.trim()) && length <= limit ? null : 413;
}

/**
 * Express's `trust proxy` from TRUST_PROXY: a whole number is how many proxies stand in front (hops:
 * "1" for one nginx); "true"/"false"; anything else a comma-separated list of the proxies' addresses or
 * subnets, or express's names for them ("loopback", "uniquelocal"). Unset or empty: trust nobody.
 * (Express reads the string "1" as an address, which trusts nobody: hence the parse.)
 * @param {string | undefined} value
 * @returns {number | boolean | string | undefined}
 */
export function trustProxySetting(value) {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  if (/^true$/i.test(text)) return true;
  if (/^false$/i.test(text)) return undefined;
  return text;
}

/**
 * The Content-Security-Policy of a page: scripts and Emotion's styles only with this response's nonce.
 * @param {string} nonce
 * @param {{ analyticsOrigin?: string }} [options]
 * @returns {string}
 */
export function contentSecurityPolicy(nonce, { analyticsOrigin } = {}) {
  const scripts = [`'self'`, `'nonce-${nonce}'`, ...(analyticsOrigin ? [analyticsOrigin] : [])];
  return [
    `default-src 'self'`,
    `script-src ${scripts.join(' ')}`,
    `style-src 'self' 'nonce-${nonce}'`,
    // Joy and React set a few style attributes (positions, widths); attributes cannot run code.
    `style-src-attr 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self'`,
    `connect-src 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    `base-uri 'none'`,
    `object-src 'none'`,
  ].join('; ');
}

const LANGUAGES = ['en', 'fr', 'ar', 'zh'];

/**
 * The language to answer a refusal in, as the portal would pick it: the `lng` cookie (Remix's encoding:
 * base64 of the JSON string), then Accept-Language, then English.
 * @param {string | undefined} cookieHeader
 * @param {string | undefined} acceptLanguage
 * @returns {'en' | 'fr' | 'ar' | 'zh'}
 */
export function refusalLanguage(cookieHeader, acceptLanguage) {
  const raw = /(?:^|;\s*)lng=([^;]+)/.exec(cookieHeader ?? '')?.[1];
  if (raw) {
    try {
      const value = JSON.parse(Buffer.from(decodeURIComponent(raw), 'base64').toString('utf8'));
      if (LANGUAGES.includes(value)) return value;
    } catch {
      // Not a cookie of ours: fall through to the header.
    }
  }
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { language: (tag ?? '').toLowerCase().split('-')[0], q: Number.isNaN(q) ? 0 : q };
    })
    .filter((entry) => LANGUAGES.includes(entry.language) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return /** @type {'en' | 'fr' | 'ar' | 'zh'} */ (ranked[0]?.language ?? 'en');
}

const escapeHtml = (/** @type {string} */ text) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A small page for a refused request, in the reader's language and direction (no script, no styles
 * from elsewhere: it must show even when the rest of the portal cannot).
 * @param {string} language
 * @param {{ title: string; body: string; back: string }} texts
 * @returns {string}
 */
export function refusalPage(language, texts) {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return (
    `<!DOCTYPE html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(texts.title)}</title>` +
    `</head><body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">` +
    `<h1>${escapeHtml(texts.title)}</h1><p>${escapeHtml(texts.body)}</p><p><a href="/">${escapeHtml(texts.back)}</a></p>` +
    `</body></html>`
  );
}
