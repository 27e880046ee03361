// Shared set-up for loader and action tests: a reference back office in a temp dir, the portal's settings
// pointed at it, and helpers to build requests as a browser would send them.
import { startTestBackoffice, type TestBackoffice } from '../../backoffice/testing';

export const PORTAL = 'http://127.0.0.1:3000';

export async function startPortalBackoffice(): Promise<TestBackoffice> {
  const reference = await startTestBackoffice();
  process.env.BACKOFFICE_URL = reference.backoffice.url;
  process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-signing-cookies';
  process.env.DATA_DIR = reference.dataDir;
  return reference;
}

export function formRequest(
  path: string,
  fields: Record<string, string>,
  init: { cookie?: string; origin?: string } = {},
) {
  const url = new URL(path, init.origin ?? PORTAL);
  return new Request(url, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(init.cookie ? { Cookie: init.cookie } : {}),
    },
  });
}

export function pageRequest(path: string, init: { cookie?: string; language?: string } = {}) {
  return new Request(new URL(path, PORTAL), {
    headers: {
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...(init.language ? { 'Accept-Language': init.language } : {}),
    },
  });
}

/** The cookies a response sets, as a Cookie header for the next request. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

export const args = (request: Request) => ({ request, params: {}, context: { cspNonce: 'test' } });

/** What a loader or action threw (a redirect or an error response). */
export async function thrown(work: () => Promise<unknown>): Promise<Response> {
  try {
    await work();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected a thrown response');
}
