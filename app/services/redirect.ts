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
  // The check holds for the path as the browser will resolve it: dot segments, encoded dots and
  // backslashes are resolved first, so "/.//evil", "/..//evil" and "/%2e%2e//evil" become "//evil",
  // which a browser reads as another host.
  const resolved = `${url.pathname}${url.search}${url.hash}`;
  if (!resolved.startsWith('/') || resolved.startsWith('//')) return fallback;
  // What is sent must resolve to itself again, on this site (a fixed point of the browser's resolution).
  const again = new URL(resolved, base);
  if (again.origin !== base || `${again.pathname}${again.search}${again.hash}` !== resolved) return fallback;
  return resolved;
}

/** The current page as a `redirectTo` value. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}
