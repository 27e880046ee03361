// A notification mail's unsubscribe link taken in one click by the mail program (RFC 8058): it posts
// `List-Unsubscribe=One-Click` to the link's address, query and all, with no session, no Origin and no
// page of the portal before it; the kind of mail is then off. A link the back office did not sign
// changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../backoffice/notificationMails';
import { createSealer, sealingKey } from '../../backoffice/sealing';
import type { TestBackoffice } from '../../backoffice/testing';
import { isCrossSiteWrite } from '../../server/security.js';
import { args, PORTAL, startPortalBackoffice } from '../../tests/unit/portal-server';

let reference: TestBackoffice;
beforeAll(async () => {
  reference = await startPortalBackoffice();
});
afterAll(() => reference.dispose());

/** The mail program's request: the form body RFC 8058 names, nothing a browser would add. */
const oneClick = (link: string) =>
  new Request(link, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

describe('one-click unsubscribe', () => {
  it('turns the kind off for a signed link, and nothing for another', async () => {
    const session = await reference.login('client@example.com');
    const { id: userId } = (await reference.call('getProfile', { session })).body as { id: number };
    const channelOf = async (kind: string) =>
      (
        (await reference.call('getNotificationPreferences', { session })).body as {
          preferences: { kind: string; channel: string }[];
        }
      ).preferences.find((preference) => preference.kind === kind)?.channel;
    expect(await channelOf('invoice_posted')).toBe('email');

    const token = unsubscribeToken(
      createSealer(sealingKey(reference.dataDir, undefined)),
      userId,
      'invoice_posted',
    );
    const link = `${PORTAL}/unsubscribe/${token}?lng=fr`;
    const request = oneClick(link);
    // The portal's cross-site check lets it through: it carries no one's cookies.
    expect(
      isCrossSiteWrite({
        method: request.method,
        origin: request.headers.get('Origin') ?? undefined,
        secFetchSite: request.headers.get('Sec-Fetch-Site') ?? undefined,
        expectedOrigin: PORTAL,
      }),
    ).toBe(false);

    const { action } = await import('../routes/unsubscribe.$token');
    const forged = (await action({
      ...args(oneClick(`${PORTAL}/unsubscribe/${token}x?lng=fr`)),
      params: { token: `${token}x` },
    })) as unknown as { init: ResponseInit | null };
    expect(forged.init?.status).toBe(404);
    expect(await channelOf('invoice_posted')).toBe('email');

    const done = (await action({ ...args(request), params: { token } })) as unknown as {
      data: { done: boolean };
    };
    expect(done.data.done).toBe(true);
    expect(await channelOf('invoice_posted')).toBe('portal');
    // The other kinds are left as they were.
    expect(await channelOf('quote_sent')).toBe('email');
  });
});
