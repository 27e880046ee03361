// Where a user may be sent after signing in or changing a setting: same-site relative paths only.
export const HOME = '/dashboards/modern';

const base = 'http://portal.invalid';

export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback: string = HOME,
): string {
  if (typeof to !== 'string') return fallback;
  const value = to.trim();
  // "//host" and "/\host" are protocol-relative to browsers; control characters hide either.
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || /[\p{Cc}]/u.test(value)) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}` || fallback;
}

/** The current page as a `redirectTo` value. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}
