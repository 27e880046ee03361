// The tickets and contacts screens, signed in against the reference back office: what they list for the
// URL's filter and search, and what their forms change (each user their own copy), with 404 for a
// record that is not there and the typed values back with a message when a field is wrong.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import {
  args,
  formRequest,
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

const tickets = () => import('./_portal.apps.tickets');
const contacts = () => import('./_portal.apps.contacts');

async function ticketPage(query: string, who: PortalAccount = 'client') {
  const { loader } = await tickets();
  return loader(args(pageRequest(`/apps/tickets${query}`, { cookie: cookies[who] })));
}

async function contactPage(query: string, who: PortalAccount = 'client') {
  const { loader } = await contacts();
  return loader(args(pageRequest(`/apps/contacts${query}`, { cookie: cookies[who] })));
}

async function postContact(query: string, fields: Record<string, string>, who: PortalAccount = 'client') {
  const { action } = await contacts();
  return action(args(formRequest(`/apps/contacts${query}`, fields, { cookie: cookies[who] })));
}

const ANNA = {
  firstname: 'Anna',
  lastname: 'Kowalska',
  company: 'Baltic Freight',
  email: 'anna@example.com',
};

describe('/apps/tickets', () => {
  it('sends an anonymous visitor to sign in', async () => {
    const { loader } = await tickets();
    const answer = await thrown(() => loader(args(pageRequest('/apps/tickets'))));
    expect(answer.headers.get('Location')).toBe('/auth/login?redirectTo=%2Fapps%2Ftickets');
  });

  it('counts the tickets per status and lists every ticket by default (total_tickets)', async () => {
    const page = await ticketPage('', 'agent');
    expect(page.title).toBe('Tickets · Harbour Freight');
    expect(page.params.filter).toBe('total_tickets');
    expect(page.counts.total_tickets).toBe(8);
    expect(page.counts.Open + page.counts.Pending + page.counts.Closed).toBe(8);
    expect(page.tickets).toHaveLength(8);
  });

  it('filters by status and searches, and reads anything else as every ticket', async () => {
    const pending = await ticketPage('?filter=Pending', 'agent');
    expect(pending.tickets.length).toBe(pending.counts.Pending);
    expect(pending.tickets.every((ticket) => ticket.Status === 'Pending')).toBe(true);
    const first = pending.tickets[0]!;
    const found = await ticketPage(
      `?q=${encodeURIComponent(first.ticketTitle.slice(0, 12).toUpperCase())}`,
      'agent',
    );
    expect(found.tickets.map((ticket) => ticket.Id)).toContain(first.Id);
    expect(found.tickets.length).toBeLessThan(8);
    expect((await ticketPage('?filter=Lost', 'agent')).params.filter).toBe('total_tickets');
  });

  it('deletes a ticket for this user only and comes back to the same list', async () => {
    const { action } = await tickets();
    const before = await ticketPage('?filter=Open', 'admin');
    const victim = before.tickets[0]!;
    const answer = (await action(
      args(
        formRequest(
          '/apps/tickets?filter=Open',
          { intent: 'delete', id: String(victim.Id) },
          { cookie: cookies.admin },
        ),
      ),
    )) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/apps/tickets?filter=Open');
    expect(await flashAfter(answer)).toEqual({ key: 'workspace:tickets.deleted', values: { id: victim.Id } });
    const after = await ticketPage('?filter=Open', 'admin');
    expect(after.counts.Open).toBe(before.counts.Open - 1);
    expect(after.counts.total_tickets).toBe(7);
    // Another user's tickets are untouched.
    expect((await ticketPage('', 'client2')).counts.total_tickets).toBe(8);
    // The same ticket again, or one that never was: 404.
    for (const id of [String(victim.Id), '999']) {
      const missing = await thrown(() =>
        action(args(formRequest('/apps/tickets', { intent: 'delete', id }, { cookie: cookies.admin }))),
      );
      expect(missing.status).toBe(404);
    }
    const bad = await thrown(() =>
      action(args(formRequest('/apps/tickets', { intent: 'close', id: '1' }, { cookie: cookies.admin }))),
    );
    expect(bad.status).toBe(400);
  });
});

describe('/apps/contacts', () => {
  it('starts empty, as the sample list is', async () => {
    const page = await contactPage('', 'client2');
    expect(page.title).toBe('Contacts · Harbour Freight');
    expect(page.params.filter).toBe('show_all');
    expect(page.contacts).toEqual([]);
    expect(page.selected).toBeNull();
  });

  it('adds a contact and opens it; a missing name comes back with what was typed', async () => {
    const refused = (await postContact('?new=1', {
      intent: 'add',
      firstname: ' ',
      lastname: 'Kowalska',
      email: 'not-mail',
    })) as unknown as {
      data: { error: Record<string, string[]>; initialValue: Record<string, string> };
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.error.firstname).toEqual(['validation.required']);
    expect(refused.data.error.email).toEqual(['validation.email']);
    expect(refused.data.initialValue.lastname).toBe('Kowalska');

    const added = (await postContact('?new=1', {
      intent: 'add',
      ...ANNA,
      frequentlycontacted: 'on',
    })) as Response;
    expect(added.status).toBe(302);
    const location = new URL(added.headers.get('Location')!, 'http://portal');
    expect(location.pathname).toBe('/apps/contacts');
    expect(location.searchParams.get('new')).toBeNull();
    expect(location.searchParams.get('saved')).toBeNull();
    expect(await flashAfter(added)).toEqual({ key: 'workspace:contacts.saved' });
    const page = await contactPage(location.search);
    expect(page.selected).toMatchObject({
      ...ANNA,
      frequentlycontacted: true,
      starred: false,
      deleted: false,
    });
    expect(page.contacts.map((contact) => contact.firstname)).toEqual(['Anna']);
    expect(page.counts.frequent_contact).toBe(1);
    // Another user does not see it.
    expect((await contactPage('', 'client2')).contacts).toEqual([]);
  });

  it('edits, stars, deletes and restores a contact; filters follow', async () => {
    const added = (await postContact(
      '',
      { intent: 'add', ...ANNA, firstname: 'Jonas', lastname: 'Berg' },
      'agent',
    )) as Response;
    const id = new URL(added.headers.get('Location')!, 'http://portal').searchParams.get('id')!;

    const saved = (await postContact(
      `?id=${id}&edit=1`,
      { intent: 'update', id, firstname: 'Jonas', lastname: 'Bergström', notes: 'Calls on Mondays' },
      'agent',
    )) as Response;
    expect(saved.headers.get('Location')).toBe(`/apps/contacts?id=${id}`);
    expect(await flashAfter(saved)).toEqual({ key: 'workspace:contacts.saved' });
    const edited = await contactPage(`?id=${id}`, 'agent');
    expect(edited.selected).toMatchObject({ lastname: 'Bergström', notes: 'Calls on Mondays', company: '' });

    await postContact(`?id=${id}`, { intent: 'star', id }, 'agent');
    expect((await contactPage('?filter=starred', 'agent')).contacts.map((c) => String(c.id))).toEqual([id]);
    await postContact(`?id=${id}`, { intent: 'star', id }, 'agent');
    expect((await contactPage('?filter=starred', 'agent')).contacts).toEqual([]);

    const deleted = (await postContact(`?id=${id}`, { intent: 'delete', id }, 'agent')) as Response;
    expect(deleted.headers.get('Location')).toBe(`/apps/contacts?id=${id}`);
    expect((await contactPage('', 'agent')).contacts).toEqual([]);
    expect((await contactPage('?filter=deleted', 'agent')).contacts.map((c) => String(c.id))).toEqual([id]);
    await postContact(`?filter=deleted&id=${id}`, { intent: 'delete', id }, 'agent');
    expect((await contactPage('', 'agent')).contacts.map((c) => String(c.id))).toEqual([id]);
  });

  it('searches by name, company or e-mail', async () => {
    await postContact(
      '',
      { intent: 'add', ...ANNA, firstname: 'Li', lastname: 'Na', company: 'Shenzhen Parts' },
      'admin',
    );
    await postContact(
      '',
      {
        intent: 'add',
        ...ANNA,
        firstname: 'Omar',
        lastname: 'Said',
        company: 'Gulf Lines',
        email: 'omar@gulf.example',
      },
      'admin',
    );
    const names = async (q: string) =>
      (await contactPage(`?q=${encodeURIComponent(q)}`, 'admin')).contacts.map((c) => c.firstname);
    expect(await names('shenzhen')).toEqual(['Li']);
    expect(await names('OMAR@GULF')).toEqual(['Omar']);
    expect(await names('nobody')).toEqual([]);
  });

  it('answers 404 for a contact that is not there, in the URL or in a form', async () => {
    expect((await thrown(() => contactPage('?id=424242'))).status).toBe(404);
    expect((await thrown(() => postContact('', { intent: 'star', id: '424242' }))).status).toBe(404);
    expect((await thrown(() => postContact('', { intent: 'update', id: '424242', ...ANNA }))).status).toBe(
      404,
    );
    expect((await thrown(() => postContact('', { intent: 'wipe', id: '1' }))).status).toBe(400);
  });
});
