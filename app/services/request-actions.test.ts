// Requests end to end at the loader/action level, against the reference back office: sending with an
// attachment, the refusals, staff review, and that another customer never sees any of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import {
  args,
  cookiesFrom,
  formRequest,
  pageRequest,
  PORTAL,
  startPortalBackoffice,
  thrown,
} from '../../tests/unit/portal-server';
import { flashAfter } from '../../tests/unit/flash';

let reference: TestBackoffice;
const cookies: Record<string, string> = {};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  reference = await startPortalBackoffice();
  const { loginAction } = await import('./auth-actions.server');
  for (const who of ['client', 'client2', 'agent']) {
    const response = (await loginAction(
      args(formRequest('/auth/login', { email: `${who}@example.com`, password: 'demo1234' })),
    )) as Response;
    cookies[who] = cookiesFrom(response);
  }
});
afterAll(() => reference.dispose());

function multipart(
  path: string,
  cookie: string,
  fields: Record<string, string>,
  files: { name: string; content: Buffer }[] = [],
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append('attachments', new Blob([new Uint8Array(file.content)]), file.name);
  return new Request(new URL(path, PORTAL), { method: 'POST', body: form, headers: { Cookie: cookie } });
}

const shipping = {
  category: 'footwear',
  containerType: 'groupage',
  origin: 'india',
  cbm: '14',
  expectedRevenue: '2500',
  description: 'Sandals, 40 cartons',
};

type Reply = {
  init: ResponseInit | null;
  data: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
};

async function listAs(who: string, query = '') {
  const { loader } = await import('../routes/_portal.apps.send-client-requests');
  return loader(args(pageRequest(`/apps/send-client-requests${query}`, { cookie: cookies[who] })));
}

describe('a client sends a request for shipping', () => {
  let id: number;

  it('sends it with the PDF and lands on the list with a confirmation', async () => {
    const { action } = await import('../routes/_portal.apps.request-for-shipping');
    const response = (await action(
      args(
        multipart('/apps/request-for-shipping', cookies.client!, shipping, [
          { name: 'invoice.pdf', content: PDF },
        ]),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    const location = response.headers.get('Location')!;
    expect(location).toBe('/apps/send-client-requests');
    const message = await flashAfter(response);
    expect(message?.key).toBe('requests:list.sent');
    id = Number(message?.values?.id);
    expect(id).toBeGreaterThan(0);

    const page = await listAs('client', '?q=Sandals');
    const sent = page.page!.requests.find((request) => request.id === id)!;
    expect(sent).toMatchObject({
      name: 'footwear',
      service: 'shipping',
      status: 'pending',
      expected_revenue: 2500,
    });
    expect(sent.description).toContain('Container type: Groupage');
    expect(sent.attachments).toMatchObject([
      { filename: 'invoice.pdf', mimetype: 'application/pdf', size: PDF.length },
    ]);
  });

  it('lets the client download the attachment, and answers 404 to another customer', async () => {
    const { loader } = await import('../routes/_portal.apps.requests.$id.attachments.$attachmentId');
    const page = await listAs('client', '?q=Sandals');
    const file = page.page!.requests.find((request) => request.id === id)!.attachments[0]!;
    const params = { id: String(id), attachmentId: String(file.id) };
    const path = `/apps/requests/${id}/attachments/${file.id}`;
    const download = await loader({ ...args(pageRequest(path, { cookie: cookies.client })), params });
    expect(download.headers.get('Content-Type')).toBe('application/pdf');
    expect(download.headers.get('Content-Disposition')).toBe('attachment; filename="invoice.pdf"');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF);

    const refused = await thrown(() =>
      loader({ ...args(pageRequest(path, { cookie: cookies.client2 })), params }),
    );
    expect(refused.status).toBe(404);
  });

  it('never shows it to another customer', async () => {
    const other = await listAs('client2');
    expect(other.page!.requests.map((request) => request.id)).not.toContain(id);
    expect(other.page!.requests.every((request) => request.partner_name !== 'Nile Star Trading')).toBe(true);
  });

  it('is reviewed by staff, and the client then sees the decision and the note', async () => {
    const { action, loader } = await import('../routes/_portal.apps.client-service-requests');
    const staffList = await loader(
      args(pageRequest('/apps/client-service-requests?status=pending', { cookie: cookies.agent })),
    );
    expect(staffList.page!.requests.map((request) => request.id)).toContain(id);

    // First the decision is asked to be confirmed, nothing changed; "change" brings the note back.
    const asked = (await action(
      args(
        formRequest(
          '/apps/client-service-requests?status=pending',
          { id: String(id), decision: 'approved', note: 'Booked.' },
          { cookie: cookies.agent },
        ),
      ),
    )) as unknown as { data: unknown };
    expect(asked.data).toEqual({ confirm: { id, decision: 'approved', note: 'Booked.' } });
    const changing = (await action(
      args(
        formRequest(
          '/apps/client-service-requests?status=pending',
          { id: String(id), decision: 'approved', note: 'Booked.', change: '1' },
          { cookie: cookies.agent },
        ),
      ),
    )) as unknown as { data: unknown };
    expect(changing.data).toEqual({ edit: { id, note: 'Booked.' } });
    expect((await listAs('client')).page!.requests.find((request) => request.id === id)!.status).toBe(
      'pending',
    );

    const response = (await action(
      args(
        formRequest(
          '/apps/client-service-requests?status=pending',
          { id: String(id), decision: 'approved', note: 'Booked on the 3 December sailing.', confirm: '1' },
          { cookie: cookies.agent },
        ),
      ),
    )) as Response;
    expect(response.headers.get('Location')).toBe('/apps/client-service-requests?status=pending');
    expect(await flashAfter(response)).toEqual({
      key: 'requests:list.reviewed',
      values: { id },
      words: { status: 'catalog:requestStatuses.approved' },
    });

    const mine = (await listAs('client')).page!.requests.find((request) => request.id === id)!;
    expect(mine).toMatchObject({
      status: 'approved',
      staff_note: 'Booked on the 3 December sailing.',
      reviewed_by: 'Omar Farouk',
    });

    const again = (await action(
      args(
        formRequest(
          '/apps/client-service-requests',
          { id: String(id), decision: 'rejected', note: 'Too late.', confirm: '1' },
          { cookie: cookies.agent },
        ),
      ),
    )) as unknown as { data: { review: { error: Record<string, string[]> } } };
    expect(again.data.review.error['']).toEqual(['requests:review.alreadyReviewed']);
  });
});

describe('file names in any script', () => {
  it('keeps them through the upload, the list and the download', async () => {
    const { action } = await import('../routes/_portal.apps.request-for-shipping');
    const { loader } = await import('../routes/_portal.apps.requests.$id.attachments.$attachmentId');
    const names = ['بوليصة الشحن.pdf', '装箱单.pdf', 'Facture réglée.pdf', '📦 photos.pdf'];
    const response = (await action(
      args(
        multipart(
          '/apps/request-for-shipping',
          cookies.client!,
          { ...shipping, description: 'Names in four scripts' },
          names.map((name) => ({ name, content: PDF })),
        ),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    const id = Number((await flashAfter(response))?.values?.id);
    const sent = (await listAs('client', '?q=four+scripts')).page!.requests.find((r) => r.id === id)!;
    expect(sent.attachments.map((file) => file.filename)).toEqual(names);

    const file = sent.attachments[0]!;
    const path = `/apps/requests/${id}/attachments/${file.id}`;
    const download = await loader({
      ...args(pageRequest(path, { cookie: cookies.client })),
      params: { id: String(id), attachmentId: String(file.id) },
    });
    expect(download.headers.get('Content-Disposition')).toBe(
      `attachment; filename="______ _____.pdf"; filename*=UTF-8''${encodeURIComponent(names[0]!)}`,
    );
  });
});

describe('refusals', () => {
  it('returns the form with what was typed when a field is missing, sending nothing', async () => {
    const before = (await listAs('client')).page!.total;
    const { action } = await import('../routes/_portal.apps.request-for-shipping');
    const result = (await action(
      args(
        multipart('/apps/request-for-shipping', cookies.client!, { ...shipping, origin: '' }, [
          { name: 'invoice.pdf', content: PDF },
        ]),
      ),
    )) as unknown as Reply;
    expect(result.init?.status).toBe(400);
    expect(result.data.error?.origin).toEqual(['validation.choose']);
    expect(result.data.initialValue).toMatchObject({ description: 'Sandals, 40 cartons', cbm: '14' });
    expect((await listAs('client')).page!.total).toBe(before);
  });

  it('refuses numbers that are not plain decimals and text with control characters, keeping what was typed', async () => {
    const before = (await listAs('client')).page!.total;
    const { action } = await import('../routes/_portal.apps.request-for-shipping');
    const send = async (fields: Record<string, string>) =>
      (await action(
        args(multipart('/apps/request-for-shipping', cookies.client!, { ...shipping, ...fields })),
      )) as unknown as Reply;
    const hex = await send({ cbm: '0x10' });
    expect(hex.init?.status).toBe(400);
    expect(hex.data.error?.cbm).toEqual(['validation.number']);
    expect(hex.data.initialValue).toMatchObject({ cbm: '0x10', description: 'Sandals, 40 cartons' });
    expect((await send({ cbm: '1e-300' })).data.error?.cbm).toEqual(['validation.number']);
    expect((await send({ cbm: 'Infinity' })).data.error?.cbm).toEqual(['validation.number']);
    expect((await send({ cbm: '0.0001' })).data.error?.cbm).toEqual(['validation.decimals|{"max":3}']);
    expect((await send({ expectedRevenue: '1e3' })).data.error?.expectedRevenue).toEqual([
      'validation.number',
    ]);
    const nul = await send({ description: 'Sandals\u0000, 40 cartons' });
    expect(nul.data.error?.description).toEqual(['validation.controlCharacters']);
    expect(nul.data.initialValue).toMatchObject({ description: 'Sandals\u0000, 40 cartons', cbm: '14' });
    expect((await listAs('client')).page!.total).toBe(before);
  });

  it('refuses a file over 10 MB by name, sending nothing', async () => {
    const before = (await listAs('client')).page!.total;
    const { action } = await import('../routes/_portal.apps.request-for-shipping');
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-');
    const result = (await action(
      args(
        multipart('/apps/request-for-shipping', cookies.client!, shipping, [
          { name: 'scan.pdf', content: big },
        ]),
      ),
    )) as unknown as Reply;
    expect(result.data.error?.attachments).toEqual([
      'requests:upload.fileTooLarge|{"filename":"scan.pdf","maxMb":10}',
    ]);
    expect((await listAs('client')).page!.total).toBe(before);
  });

  it('refuses a file whose content is not what its name says', async () => {
    const { action } = await import('../routes/_portal.apps.send-request-for-service');
    const result = (await action(
      args(
        multipart('/apps/send-request-for-service', cookies.client!, { service: 'other' }, [
          { name: 'photo.png', content: Buffer.from('MZ not a png') },
        ]),
      ),
    )) as unknown as Reply;
    expect(result.data.error?.attachments).toEqual(['requests:upload.contentMismatch']);
  });

  it('refuses staff on the client forms and clients on the review (403)', async () => {
    const { action } = await import('../routes/_portal.apps.request-for-shipping');
    expect(
      (await thrown(() => action(args(multipart('/apps/request-for-shipping', cookies.agent!, shipping)))))
        .status,
    ).toBe(403);
    const review = await import('../routes/_portal.apps.client-service-requests');
    expect(
      (
        await thrown(() =>
          review.action(
            args(
              formRequest(
                '/apps/client-service-requests',
                { id: '1', decision: 'approved' },
                { cookie: cookies.client },
              ),
            ),
          ),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await thrown(() =>
          review.loader(args(pageRequest('/apps/client-service-requests', { cookie: cookies.client }))),
        )
      ).status,
    ).toBe(403);
  });

  it('sends an anonymous visitor to sign in', async () => {
    const response = await thrown(() => listAs('nobody'));
    expect(response.headers.get('Location')).toBe('/auth/login?redirectTo=%2Fapps%2Fsend-client-requests');
  });
  it('reads and drops the files of a form refused before it is read (signed out), so the browser is not left stuck', async () => {
    const { action } = await import('../routes/_portal.apps.request-for-shipping');
    const { action: settings } = await import('../routes/_portal.pages.account-settings.image');
    const cases = [
      { act: action, path: '/apps/request-for-shipping', status: 302 },
      // Everyone may send a picture (ADR 061): a visitor who is not signed in may not.
      { act: settings, path: '/pages/account-settings/image', status: 302 },
    ];
    for (const { act, path, status } of cases) {
      // 3 MiB of a file, made only as it is read.
      let pulled = 0;
      let done = (_how: string) => {};
      const ended = new Promise<string>((resolve) => (done = resolve));
      const head = new TextEncoder().encode(
        '--b\r\nContent-Disposition: form-data; name="image"; filename="me.png"\r\n\r\n',
      );
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (pulled >= 3 * 1024 * 1024) {
              controller.enqueue(new TextEncoder().encode('\r\n--b--\r\n'));
              controller.close();
              done('read');
              return;
            }
            const chunk = pulled === 0 ? head : new Uint8Array(64 * 1024);
            pulled += chunk.length;
            controller.enqueue(chunk);
          },
          cancel: () => done('cancelled'),
        },
        { highWaterMark: 0 },
      );
      const request = new Request(new URL(path, PORTAL), {
        method: 'POST',
        body,
        duplex: 'half',
        headers: { 'Content-Type': 'multipart/form-data; boundary=b' },
      } as RequestInit);
      const refused = await thrown(() => act(args(request)));
      expect(refused.status, path).toBe(status);
      expect(await ended, path).toBe('read');
    }
  });
});
