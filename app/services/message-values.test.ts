// A message key that carries values ("common:errors.serverSaid|{…}") reaches the user as its translated
// text with the values in it, on the pages that say why a list could not be loaded and in a failed
// export, never as the key and its JSON.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import {
  args,
  type PortalAccount,
  pageRequest,
  signInPortalAccounts,
  startPortalBackoffice,
  thrown,
} from '../../tests/unit/portal-server';
import { backoffice } from './backoffice/client.server';
import { ServerRefusal } from './errors.server';
import { languageCookie } from './i18n.server';

let reference: TestBackoffice;
let cookies: Record<PortalAccount, string>;

beforeAll(async () => {
  reference = await startPortalBackoffice();
  ({ cookies } = await signInPortalAccounts(reference));
});
afterAll(() => reference.dispose());
afterEach(() => vi.restoreAllMocks());

/** The back office refuses one call with its own words (an answer whose status is not "success"). */
function refuse(call: string, words: string) {
  const client = backoffice();
  const real = client.call.bind(client);
  vi.spyOn(client, 'call').mockImplementation(((name: string, ...rest: unknown[]) => {
    if (name === call) return Promise.reject(new ServerRefusal(words));
    return (real as (name: string, ...rest: unknown[]) => Promise<unknown>)(name, ...rest);
  }) as typeof client.call);
}

describe('a refusal in the back office’s own words', () => {
  it('is said with those words on the request list, in the reader’s language', async () => {
    refuse('listShippingRequests', 'closed for the yearly audit');
    const { loader } = await import('../routes/_portal.apps.send-client-requests');
    const english = await loader(args(pageRequest('/apps/send-client-requests', { cookie: cookies.client })));
    expect(english.page).toBeNull();
    expect(english.loadError).toBe('The service refused: closed for the yearly audit');
    const lng = (await languageCookie.serialize('fr')).split(';')[0];
    const french = await loader(
      args(pageRequest('/apps/send-client-requests', { cookie: `${cookies.client}; ${lng}` })),
    );
    expect(french.loadError).toBe('Le service a refusé la demande\u00a0: closed for the yearly audit');
  });

  it('is the text of a failed export', async () => {
    refuse('listShippingOrders', 'exports are paused');
    const { loader } = await import('../routes/_portal.apps.shipping.export[.]csv');
    const response = await thrown(() =>
      loader(args(pageRequest('/apps/shipping/export.csv', { cookie: cookies.client }))),
    );
    expect(await response.text()).toBe('The service refused: exports are paused');
  });
});

describe('every place that turns an error into text', () => {
  it('translates the message with its values (translateMessage), never the bare key', () => {
    const app = path.resolve(import.meta.dirname, '..');
    const files = readdirSync(app, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    expect(files.length).toBeGreaterThan(100);
    const bare = files.flatMap((file) =>
      [...readFileSync(path.join(app, file), 'utf8').matchAll(/\b(\w+)\(messageKeyFor\(/g)]
        .filter(([, caller]) => caller !== 'translateMessage')
        .map(([found]) => `${file}: ${found}`),
    );
    expect(bare).toEqual([]);
  });
});
