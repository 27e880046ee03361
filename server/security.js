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
