// The chats, e-mail and notes screens' loaders and actions, signed in against the reference back office:
// URL state, 404s for unknown records, sending, flags and trash, notes, and the e-mail sanitiser.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import {
  args,
  formRequest,
  pageRequest,
  type PortalAccount,
  signInPortalAccounts,
  startPortalBackoffice,
  thrown,
  forgetDemoData,
} from '../../tests/unit/portal-server';
import { CHAT_ME } from '~/fixtures/chats';
import { emailsFixture, HOSTILE_EMAIL_ID, HOSTILE_EMAIL_MARKER } from '~/fixtures/emails';
import { MESSAGE_MAX_LENGTH } from '~/forms/messaging';
import { emailDocument, sanitizeEmailHtml } from '~/services/demo/email-html.server';
import { DEMO_LIMITS } from '~/services/demo/store.server';

let reference: TestBackoffice;
let cookies: Record<PortalAccount, string>;

beforeAll(async () => {
  reference = await startPortalBackoffice();
  ({ cookies } = await signInPortalAccounts(reference));
});
afterAll(() => reference.dispose());
beforeEach(() => forgetDemoData(reference));
afterEach(() => vi.useRealTimers());

const get = (path: string, who: PortalAccount = 'client') => pageRequest(path, { cookie: cookies[who] });
const post = (path: string, fields: Record<string, string>, who: PortalAccount = 'client') =>
  formRequest(path, fields, { cookie: cookies[who] });

/** The body and status of a `data(value, { status })` answer. */
function answered<T>(value: unknown): { status: number; body: T } {
  const { data, init } = value as { data: T; init: ResponseInit | null };
  return { status: init?.status ?? 200, body: data };
}

describe('/apps/chats', () => {
  it('sends an anonymous visitor to sign in', async () => {
    const { loader } = await import('./_portal.apps.chats');
    const answer = await thrown(() => loader(args(pageRequest('/apps/chats'))));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/auth/login?redirectTo=%2Fapps%2Fchats');
  });

  it('lists the 10 contacts with presence, selects chat 1 by default and searches by name', async () => {
    const { loader } = await import('./_portal.apps.chats');
    const page = await loader(args(get('/apps/chats')));
    expect(page.title).toBe('Chats · Harbour Freight');
    expect(page.contacts).toHaveLength(10);
    expect(page.chat.id).toBe(1);
    expect(
      page.contacts.every((contact) => ['online', 'away', 'busy', 'offline'].includes(contact.status)),
    ).toBe(true);
    const name = page.contacts[2]!.name;
    const found = await loader(
      args(get(`/apps/chats?q=${encodeURIComponent(name.slice(0, 4).toUpperCase())}&chat=3`)),
    );
    expect(found.contacts.map((contact) => contact.name)).toContain(name);
    expect(found.contacts.length).toBeLessThan(10);
    expect(found.chat.id).toBe(3);
    expect(found.params.q).toBe(name.slice(0, 4).toUpperCase());
  });

  it('answers 404 for a chat that is not there', async () => {
    const { loader, action } = await import('./_portal.apps.chats');
    for (const chat of ['99', '0', 'abc', '1.5']) {
      expect((await thrown(() => loader(args(get(`/apps/chats?chat=${chat}`))))).status).toBe(404);
    }
    const answer = await thrown(() => action(args(post('/apps/chats?chat=99', { message: 'Hello' }))));
    expect(answer.status).toBe(404);
  });

  it('sends a message as the user, one second before now, and goes back to the same chat', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00.000Z'));
    const { loader, action } = await import('./_portal.apps.chats');
    const response = (await action(
      args(post('/apps/chats?q=a&chat=3', { message: '  See you at the port  ' })),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/apps/chats?q=a&chat=3');
    const page = await loader(args(get('/apps/chats?chat=3')));
    const sent = page.chat.messages.at(-1)!;
    expect(sent).toMatchObject({ msg: 'See you at the port', type: 'text', senderId: CHAT_ME });
    expect(sent.createdAt).toBe('2026-11-23T09:59:59.000Z');
    expect(page.contacts.find((contact) => contact.id === 3)!.excerpt).toBe('See you at the port');
    // Another user's chats are untouched.
    const other = await loader(args(get('/apps/chats?chat=3', 'client2')));
    expect(other.chat.messages.map((message) => message.msg)).not.toContain('See you at the port');
  });

  it('refuses an empty or too long message, keeping what was typed', async () => {
    const { action } = await import('./_portal.apps.chats');
    const empty = answered<{ error: Record<string, string[]> }>(
      await action(args(post('/apps/chats', { message: '   ' }))),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toEqual(['validation.required']);
    const long = 'x'.repeat(MESSAGE_MAX_LENGTH + 1);
    const tooLong = answered<{ error: Record<string, string[]>; initialValue: Record<string, string> }>(
      await action(args(post('/apps/chats', { message: long }))),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toEqual(['validation.tooLong']);
    expect(tooLong.body.initialValue.message).toBe(long);
    expect(MESSAGE_MAX_LENGTH).toBeLessThanOrEqual(DEMO_LIMITS.text);
  });
});

describe('/apps/email', () => {
  it('opens the inbox with mail 1 and leaves trashed mails out', async () => {
    const { loader } = await import('./_portal.apps.email');
    const page = await loader(args(get('/apps/email')));
    expect(page.title).toBe('E-mail · Harbour Freight');
    expect(page.params.folder).toBe('inbox');
    expect(page.email?.id).toBe(1);
    const inbox = emailsFixture.filter((mail) => mail.inbox && !mail.trash).map((mail) => mail.id);
    expect(page.list.map((mail) => mail.id).sort()).toEqual(inbox.sort());
    // An unknown folder falls back to the inbox.
    expect((await loader(args(get('/apps/email?folder=nowhere')))).params.folder).toBe('inbox');
  });

  it('filters by folder flag, label and search', async () => {
    const { loader } = await import('./_portal.apps.email');
    const ids = async (query: string) =>
      (await loader(args(get(`/apps/email${query}`)))).list.map((mail) => mail.id);
    const expected = (test: (mail: (typeof emailsFixture)[number]) => boolean) =>
      emailsFixture
        .filter(test)
        .map((mail) => mail.id)
        .sort();
    expect((await ids('?folder=starred')).sort()).toEqual(expected((mail) => mail.starred && !mail.trash));
    expect((await ids('?folder=sent')).sort()).toEqual(expected((mail) => mail.sent && !mail.trash));
    expect((await ids('?folder=trash')).sort()).toEqual(expected((mail) => mail.trash));
    expect((await ids('?label=Health')).sort()).toEqual(
      expected((mail) => mail.inbox && !mail.trash && mail.label === 'Health'),
    );
    expect(await ids('?q=msku')).toEqual([1]);
  });

  it('answers 404 for a mail that is not there', async () => {
    const { loader, action } = await import('./_portal.apps.email');
    for (const id of ['999', '0', 'x']) {
      expect((await thrown(() => loader(args(get(`/apps/email?id=${id}`))))).status).toBe(404);
    }
    expect(
      (await thrown(() => action(args(post('/apps/email', { id: '999', intent: 'starred' }))))).status,
    ).toBe(404);
    const refused = answered(await action(args(post('/apps/email', { id: '1', intent: 'explode' }))));
    expect(refused.status).toBe(400);
  });

  it('toggles flags back and forth and redirects to the same view', async () => {
    const { loader, action } = await import('./_portal.apps.email');
    const url = '/apps/email?folder=inbox&id=2';
    for (const flag of ['starred', 'important', 'checked', 'unread'] as const) {
      const before = (await loader(args(get(url)))).email![flag];
      const response = (await action(args(post(url, { id: '2', intent: flag })))) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe(url);
      expect((await loader(args(get(url)))).email![flag]).toBe(!before);
      await action(args(post(url, { id: '2', intent: flag })));
      expect((await loader(args(get(url)))).email![flag]).toBe(before);
    }
    // Starred, it shows under Starred as well as in the inbox: folders are flags.
    const wasStarred = emailsFixture.find((mail) => mail.id === 2)!.starred;
    expect(wasStarred).toBe(false);
    await action(args(post(url, { id: '2', intent: 'starred' })));
    expect((await loader(args(get('/apps/email?folder=starred')))).list.map((mail) => mail.id)).toContain(2);
    expect((await loader(args(get('/apps/email')))).list.map((mail) => mail.id)).toContain(2);
  });

  it('answers the page’s own background post with data instead of a redirect', async () => {
    const { loader, action } = await import('./_portal.apps.email');
    const url = '/apps/email?folder=inbox&id=2';
    const before = (await loader(args(get(url)))).email!.important;
    const raw = await action(args(post(url, { id: '2', intent: 'important', respond: 'data' })));
    // Data, not a redirect Response.
    expect(raw).not.toBeInstanceOf(Response);
    expect(answered(raw)).toEqual({ status: 200, body: { ok: true } });
    expect((await loader(args(get(url)))).email!.important).toBe(!before);
    // Anything else is refused, as an unknown intent is.
    const refused = answered(
      await action(args(post(url, { id: '2', intent: 'important', respond: 'page' }))),
    );
    expect(refused.status).toBe(400);
  });

  it('deletes to the trash and restores from it', async () => {
    const { loader, action } = await import('./_portal.apps.email');
    const inFolder = async (folder: string) =>
      (await loader(args(get(`/apps/email?folder=${folder}`)))).list.map((mail) => mail.id);
    await action(args(post('/apps/email?id=1', { id: '1', intent: 'trash' })));
    expect(await inFolder('inbox')).not.toContain(1);
    expect(await inFolder('starred')).not.toContain(1);
    expect(await inFolder('trash')).toContain(1);
    // Still shown when named, so that it can be restored.
    expect((await loader(args(get('/apps/email?folder=trash&id=1')))).email?.trash).toBe(true);
    await action(args(post('/apps/email?folder=trash&id=1', { id: '1', intent: 'trash' })));
    expect(await inFolder('inbox')).toContain(1);
    expect(await inFolder('trash')).not.toContain(1);
  });

  it('shows the hostile mail with nothing that could run', async () => {
    const { loader } = await import('./_portal.apps.email');
    const page = await loader(args(get(`/apps/email?id=${HOSTILE_EMAIL_ID}`)));
    const body = page.body!;
    expect(body).toContain('A freight credit of <strong>USD 250</strong>');
    expect(body).not.toMatch(/<script/i);
    expect(body).not.toMatch(/\son\w+\s*=/i);
    expect(body).not.toMatch(/javascript:/i);
    expect(body).not.toContain(HOSTILE_EMAIL_MARKER);
    // The raw HTML never reaches the browser.
    expect(JSON.stringify(page)).not.toMatch(/<script|onerror|javascript:/i);
  });
});

describe('the e-mail sanitiser', () => {
  it('drops scripts, handlers, dangerous URLs, styles, frames, objects and forms', () => {
    const dirty = [
      '<p onclick="x()">Hello <b>there</b></p>',
      '<script>alert(1)</script><SCRIPT SRC="//evil/x.js"></SCRIPT>',
      '<img src="x" onerror="alert(1)"><img src="data:image/svg+xml,<svg onload=alert(1)>">',
      '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href="&#106;avascript:alert(1)">c</a>',
      '<a href="https://example.com/ok">ok</a>',
      '<style>body{display:none}</style><span style="background:url(javascript:alert(1))">s</span>',
      '<iframe src="https://evil"></iframe><object data="x"></object><embed src="x">',
      '<form action="https://evil"><input name="password"><button>Go</button></form>',
      '<svg><script>alert(1)</script></svg><math><mi xlink:href="javascript:alert(1)">m</mi></math>',
      '<base href="https://evil/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    ].join('');
    const clean = sanitizeEmailHtml(dirty);
    expect(clean).not.toMatch(/<script/i);
    expect(clean).not.toMatch(/\son\w+\s*=/i);
    expect(clean).not.toMatch(/javascript:/i);
    expect(clean).not.toMatch(/<(style|iframe|object|embed|form|input|button|svg|math|base|meta)\b/i);
    expect(clean).not.toMatch(/style=/i);
    expect(clean).not.toMatch(/data:/i);
    expect(clean).not.toContain('alert');
    expect(clean).toContain('<p>Hello <b>there</b></p>');
    expect(clean).toContain('<a href="https://example.com/ok">ok</a>');
  });

  it('sanitises every sample mail, and wraps the body in a whole document', () => {
    for (const mail of emailsFixture) {
      const clean = sanitizeEmailHtml(mail.emailContent);
      expect(clean, `mail ${mail.id}`).not.toMatch(/<script|\son\w+\s*=|javascript:/i);
    }
    const document = emailDocument('<p>Hi</p>');
    expect(document).toMatch(/^<!doctype html>/);
    expect(document).toContain('<p>Hi</p>');
    expect(document).not.toMatch(/<style|<script/i);
  });
});

describe('/apps/notes', () => {
  it('lists the notes with note 1 selected, searches and answers 404 for unknown notes', async () => {
    const { loader } = await import('./_portal.apps.notes');
    const page = await loader(args(get('/apps/notes')));
    expect(page.title).toBe('Notes · Harbour Freight');
    expect(page.note?.id).toBe(1);
    expect(page.notes.length).toBeGreaterThan(1);
    const searched = await loader(args(get('/apps/notes?q=LYON')));
    expect(searched.notes.map((note) => note.id)).toEqual([2]);
    for (const id of ['999', '0', 'abc']) {
      expect((await thrown(() => loader(args(get(`/apps/notes?id=${id}`))))).status).toBe(404);
    }
  });

  it('adds a note and selects it, keeping the search', async () => {
    const { loader, action } = await import('./_portal.apps.notes');
    const response = (await action(
      args(post('/apps/notes?q=pallets', { intent: 'add', title: 'Count the pallets', color: 'warning' })),
    )) as Response;
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('Location')!, 'http://portal');
    expect(location.pathname).toBe('/apps/notes');
    expect(location.searchParams.get('q')).toBe('pallets');
    const id = Number(location.searchParams.get('id'));
    const page = await loader(args(get(`/apps/notes?q=pallets&id=${id}`)));
    expect(page.note).toMatchObject({ id, title: 'Count the pallets', color: 'warning' });
    expect(page.notes.map((note) => note.id)).toEqual([id]);
  });

  it('refuses a note without text or with an unknown colour, keeping what was typed', async () => {
    const { action } = await import('./_portal.apps.notes');
    type Refusal = {
      form: string;
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    const empty = answered<Refusal>(
      await action(args(post('/apps/notes', { intent: 'add', title: ' ', color: 'error' }))),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.form).toBe('add');
    expect(empty.body.result.error.title).toEqual(['validation.required']);
    expect(empty.body.result.initialValue.color).toBe('error');
    const colour = answered<Refusal>(
      await action(args(post('/apps/notes', { intent: 'edit', id: '1', title: 'Kept', color: 'purple' }))),
    );
    expect(colour.status).toBe(400);
    expect(colour.body.form).toBe('edit');
    expect(colour.body.result.error.color).toEqual(['validation.choose']);
    expect(colour.body.result.initialValue.title).toBe('Kept');
    const nothing = answered(await action(args(post('/apps/notes', {}))));
    expect(nothing.status).toBe(400);
  });

  it('edits the selected note and stays on it', async () => {
    const { loader, action } = await import('./_portal.apps.notes');
    const response = (await action(
      args(
        post('/apps/notes?id=3', {
          intent: 'edit',
          id: '3',
          title: 'Booking closes on 5 December',
          color: 'error',
        }),
      ),
    )) as Response;
    expect(response.headers.get('Location')).toBe('/apps/notes?id=3');
    const page = await loader(args(get('/apps/notes?id=3')));
    expect(page.note).toMatchObject({ id: 3, title: 'Booking closes on 5 December', color: 'error' });
  });

  it('removes a note, after which it answers 404', async () => {
    const { loader, action } = await import('./_portal.apps.notes');
    const response = (await action(
      args(post('/apps/notes?id=1&q=a', { intent: 'remove', id: '1' })),
    )) as Response;
    expect(response.headers.get('Location')).toBe('/apps/notes?q=a');
    const page = await loader(args(get('/apps/notes')));
    expect(page.notes.map((note) => note.id)).not.toContain(1);
    // Without note 1 the first note is selected.
    expect(page.note?.id).toBe(page.notes[0]!.id);
    expect((await thrown(() => loader(args(get('/apps/notes?id=1'))))).status).toBe(404);
    for (const intent of ['remove', 'edit']) {
      const answer = await thrown(() =>
        action(args(post('/apps/notes', { intent, id: '1', title: 'Back', color: 'info' }))),
      );
      expect(answer.status).toBe(404);
    }
  });
});
