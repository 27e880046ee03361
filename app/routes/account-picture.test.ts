// The profile picture for everyone, against the reference back office: staff upload, replace and remove
// their own as customers do; the session then carries the avatar's new address, so the top bar shows the
// picture on the next page without signing in again; the person's other sessions follow once the session
// check has read the new version; a picture the browser already holds is a 304 from the session alone;
// and nobody is served another person's picture.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import {
  args,
  cookiesFrom,
  formRequest,
  PORTAL,
  pageRequest,
  type PortalAccount,
  signInPortalAccounts,
  startPortalBackoffice,
  thrown,
} from '../../tests/unit/portal-server';
import { flashAfter } from '../../tests/unit/flash';

let reference: TestBackoffice;
let cookies: Record<PortalAccount, string>;

beforeAll(async () => {
  reference = await startPortalBackoffice();
  ({ cookies } = await signInPortalAccounts(reference));
});
afterAll(() => reference.dispose());

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

type Reply = { init: ResponseInit | null; data: { error: Record<string, string[]> } };

/** The picture form as a browser sends it without JavaScript: multipart, to its own address. */
function uploadRequest(cookie: string, name: string, content: Buffer) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(content)]), name);
  return new Request(new URL('/pages/account-settings/image', PORTAL), {
    method: 'POST',
    body: form,
    headers: { Cookie: cookie },
  });
}

async function upload(cookie: string, name: string, content: Buffer) {
  const { action } = await import('./_portal.pages.account-settings.image');
  return action(args(uploadRequest(cookie, name, content)));
}

/** The second form: its button posts `intent=remove`, without a file. */
async function removePicture(cookie: string) {
  const { action } = await import('./_portal.pages.account-settings.image');
  return (await action(
    args(formRequest('/pages/account-settings/image', { intent: 'remove' }, { cookie })),
  )) as Response;
}

/** The session cookie a response sets, as the browser sends it next. */
function sessionAfter(response: Response): string {
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((cookie) => cookie.startsWith('__session='));
  if (!session) throw new Error('the response sets no session cookie');
  return session;
}

/** What the top bar's avatar points at, on any page of the frame. */
async function avatar(cookie: string) {
  const { loader } = await import('./_portal');
  return (await loader(args(pageRequest('/dashboards/modern', { cookie })))).user.profile_image;
}

async function picture(
  cookie: string,
  address = '/pages/account-image',
  headers: Record<string, string> = {},
) {
  const { loader } = await import('./_portal.pages.account-image');
  const request = pageRequest(address, { cookie });
  for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
  try {
    return await loader(args(request));
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

describe('a staff member’s own picture', () => {
  it('is uploaded from account settings, and the top bar points at it at once', async () => {
    expect(await avatar(cookies.agent)).toBeNull();
    expect((await picture(cookies.agent)).status).toBe(404);

    const uploaded = (await upload(cookies.agent, 'me.png', PNG)) as Response;
    expect(uploaded.status).toBe(302);
    expect(uploaded.headers.get('Location')).toBe('/pages/account-settings');
    expect(await flashAfter(uploaded)).toEqual({ key: 'account:image.saved' });
    // The session carries the new address: no new sign-in.
    cookies.agent = sessionAfter(uploaded);
    expect(await avatar(cookies.agent)).toBe('/pages/account-image?v=1');

    const { loader } = await import('./_portal.pages.account-settings');
    const page = await loader(args(pageRequest('/pages/account-settings', { cookie: cookies.agent })));
    expect(page.staff).toBe(true);
    expect(page.picture).toBe('/pages/account-image?v=1');

    const served = await picture(cookies.agent, '/pages/account-image?v=1');
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(served.headers.get('Cache-Control')).toBe('private, no-cache');
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    // Asked again with what the browser holds: unchanged, without the bytes.
    const etag = served.headers.get('ETag')!;
    const again = await picture(cookies.agent, '/pages/account-image?v=1', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('Cache-Control')).toBe('private, no-cache');
  });

  it('is replaced under a new address and removed, the initials coming back', async () => {
    const first = (await upload(cookies.admin, 'me.png', PNG)) as Response;
    cookies.admin = sessionAfter(first);
    const held = (await picture(cookies.admin)).headers.get('ETag')!;
    const second = (await upload(cookies.admin, 'me.jpg', JPEG)) as Response;
    cookies.admin = sessionAfter(second);
    expect(await avatar(cookies.admin)).toBe('/pages/account-image?v=2');
    const replaced = await picture(cookies.admin, '/pages/account-image?v=2', { 'If-None-Match': held });
    expect(replaced.status).toBe(200);
    expect(replaced.headers.get('Content-Type')).toBe('image/jpeg');
    expect(Buffer.from(await replaced.arrayBuffer())).toEqual(JPEG);

    const removed = await removePicture(cookies.admin);
    expect(removed.headers.get('Location')).toBe('/pages/account-settings');
    expect(await flashAfter(removed)).toEqual({ key: 'account:image.removed' });
    cookies.admin = sessionAfter(removed);
    expect(await avatar(cookies.admin)).toBeNull();
    expect((await picture(cookies.admin)).status).toBe(404);
    const { loader } = await import('./_portal.pages.account-settings');
    const page = await loader(args(pageRequest('/pages/account-settings', { cookie: cookies.admin })));
    expect(page.picture).toBeNull();
  });

  it('comes back to the form when the file is no picture, or there is none', async () => {
    const before = await picture(cookies.agent);
    for (const [name, content] of [
      ['me.pdf', Buffer.from('%PDF-1.4')],
      ['me.png', Buffer.from('not a png at all')],
    ] as const) {
      const refused = (await upload(cookies.agent, name, content)) as unknown as Reply;
      expect(refused.init?.status).toBe(400);
      expect(refused.data.error.image).toEqual(['account:image.wrongType']);
    }
    const { action } = await import('./_portal.pages.account-settings.image');
    const empty = (await action(
      args(formRequest('/pages/account-settings/image', {}, { cookie: cookies.agent })),
    )) as unknown as Reply;
    expect(empty.data.error.image).toEqual(['account:image.required']);
    // The picture is still the one before.
    const after = await picture(cookies.agent);
    expect(after.headers.get('ETag')).toBe(before.headers.get('ETag'));
  });
});

describe('another person’s picture', () => {
  it('is never served, whatever the address says: each gets their own or 404', async () => {
    const uploaded = (await upload(cookies.client, 'me.png', PNG)) as Response;
    cookies.client = sessionAfter(uploaded);
    const address = (await avatar(cookies.client))!;
    expect(address).toMatch(/^\/pages\/account-image\?v=\d+$/);
    const etag = (await picture(cookies.client, address)).headers.get('ETag')!;

    // Client B and the admin have none (the admin's was removed above): the client's address is 404.
    expect((await picture(cookies.client2, address)).status).toBe(404);
    expect((await picture(cookies.admin, address)).status).toBe(404);
    // Nor does the client's copy count as theirs.
    expect((await picture(cookies.client2, address, { 'If-None-Match': etag })).status).toBe(404);
    // The agent has one: the agent's own, under the same address, never the client's.
    const agents = await picture(cookies.agent, address, { 'If-None-Match': etag });
    expect(agents.status).toBe(200);
    expect(agents.headers.get('ETag')).not.toBe(etag);
  });

  it('cannot be changed or removed from someone else’s session', async () => {
    // Each form acts on the session's own person only: client B's removal leaves the client's.
    const removed = await removePicture(cookies.client2);
    expect(removed.status).toBe(302);
    expect((await picture(cookies.client)).status).toBe(200);
    const row = await reference.backoffice.database
      .selectFrom('users')
      .select('picture')
      .where('email', '=', 'client@example.com')
      .executeTakeFirstOrThrow();
    expect(row.picture).not.toBeNull();
  });

  it('leaves an anonymous visitor to sign in', async () => {
    const answer = await thrown(async () => {
      const { loader } = await import('./_portal.pages.account-image');
      return loader(args(pageRequest('/pages/account-image?v=1')));
    });
    expect(answer.status).toBe(302);
  });
});

describe('a picture the browser already holds', () => {
  /** The agent's stored picture made unreadable, its version kept: asked for it, the back office says 404. */
  async function unreadable<T>(work: () => Promise<T>): Promise<T> {
    const stored = () =>
      reference.backoffice.database.updateTable('users').where('email', '=', 'agent@example.com');
    await stored().set({ picture_mimetype: 'image/unknown' }).execute();
    try {
      return await work();
    } finally {
      await stored().set({ picture_mimetype: 'image/png' }).execute();
    }
  }

  it('is a 304 without asking the back office when the address is the session’s version', async () => {
    // The agent's picture is still the first upload (above).
    const address = (await avatar(cookies.agent))!;
    expect(address).toBe('/pages/account-image?v=1');
    const etag = (await picture(cookies.agent, address)).headers.get('ETag')!;
    expect(etag).toMatch(/^"\d+-1"$/);

    await unreadable(async () => {
      const held = await picture(cookies.agent, address, { 'If-None-Match': `W/"x", ${etag}` });
      expect(held.status).toBe(304);
      expect(held.headers.get('ETag')).toBe(etag);
      expect(held.headers.get('Cache-Control')).toBe('private, no-cache');
      expect(held.headers.get('X-Content-Type-Options')).toBe('nosniff');

      // Another version in the address, another person's tag or nothing held: the back office is asked.
      for (const [other, tag] of [
        ['/pages/account-image?v=7', etag],
        [address, '"0-1"'],
        [address, undefined],
      ] as const) {
        const asked = await picture(cookies.agent, other, tag ? { 'If-None-Match': tag } : {});
        expect(asked.status, `${other} ${tag}`).toBe(404);
      }
    });
    const readable = await picture(cookies.agent, '/pages/account-image?v=7', { 'If-None-Match': etag });
    expect(readable.status).toBe(304);
  });
});

describe('the person’s other sessions', () => {
  async function signIn(email: string): Promise<string> {
    const { loginAction } = await import('~/services/auth-actions.server');
    const response = (await loginAction(
      args(formRequest('/auth/login', { email, password: 'demo1234' })),
    )) as Response;
    expect(response.status).toBe(302);
    return cookiesFrom(response);
  }

  const userId = async () =>
    (
      await reference.backoffice.database
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'client2@example.com')
        .executeTakeFirstOrThrow()
    ).id;

  /** The picture changed by another device straight through the back office, as any client of it may. */
  async function elsewhere(change: 'upload' | 'remove') {
    const token = await reference.login('client2@example.com');
    const id = await userId();
    const answer =
      change === 'upload'
        ? await reference.call('updateUserPicture', {
            session: token,
            params: { id },
            body: { image: JPEG.toString('base64') },
          })
        : await reference.call('deleteUserPicture', { session: token, params: { id } });
    expect(answer.status).toBe(200);
  }

  /** A portal process that never heard of these sessions: it asks the back office afresh. */
  async function inAnotherProcess<T>(work: () => Promise<T>): Promise<T> {
    vi.resetModules();
    try {
      return await work();
    } finally {
      vi.resetModules();
    }
  }

  it('show a picture uploaded on one device in the other’s top bar, and keep it in its cookie', async () => {
    const laptop = cookies.client2;
    let phone = await signIn('client2@example.com');
    expect(await avatar(laptop)).toBeNull();
    expect(await avatar(phone)).toBeNull();

    // Uploaded on the laptop: the phone's next page shows it, without signing in again.
    const uploaded = (await upload(laptop, 'me.png', PNG)) as Response;
    cookies.client2 = sessionAfter(uploaded);
    expect(await avatar(phone)).toBe('/pages/account-image?v=1');
    const served = await picture(phone, '/pages/account-image?v=1');
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    // The response puts the new address into the phone's cookie, as the server does for every page.
    const { handleDataRequest } = await import('../entry.server');
    const data = await handleDataRequest(new Response('{}'), {
      request: pageRequest('/dashboards/modern.data', { cookie: phone }),
    });
    phone = sessionAfter(data);
    // Kept there: the top bar's address when no answer of the back office says otherwise.
    const { readSession } = await import('~/services/session.server');
    const kept = await readSession(pageRequest('/dashboards/modern', { cookie: phone }));
    expect(kept?.user.profile_image).toBe('/pages/account-image?v=1');
  });

  it('follow a replacement or a removal made elsewhere when their check asks again', async () => {
    const phone = await signIn('client2@example.com');
    expect(await avatar(phone)).toBe('/pages/account-image?v=1');

    await elsewhere('upload');
    // Another process, or this one once its few seconds are up.
    await inAnotherProcess(async () => {
      expect(await avatar(phone)).toBe('/pages/account-image?v=2');
      const replaced = await picture(phone, '/pages/account-image?v=2');
      expect(replaced.headers.get('Content-Type')).toBe('image/jpeg');
    });

    await elsewhere('remove');
    await inAnotherProcess(async () => {
      expect(await avatar(phone)).toBeNull();
      expect(await avatar(cookies.client2)).toBeNull();
      // The browser's copy of the old address is no 304 any more: the picture is gone.
      const held = `"${await userId()}-2"`;
      const gone = await picture(phone, '/pages/account-image?v=2', { 'If-None-Match': held });
      expect(gone.status).toBe(404);
    });
  });
});
