import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeUser, signupAnswer } from '@contract';
import { demoAccounts } from './seed';
import { createSession, MAX_SESSIONS_PER_USER } from './sessions';
import { hashToken } from './tokens';
import { sessionTokenFrom, startTestBackoffice, type TestBackoffice } from './testing';

let bo: TestBackoffice;
beforeAll(async () => {
  bo = await startTestBackoffice();
});
afterAll(async () => {
  await bo?.dispose();
});

/** The back office's database, on the engine the run uses. */
const db = () => bo.backoffice.database;

const wrongCredentials = { error: 'Wrong email or password', code: 'unauthorized' };
const sessionMissing = { error: 'Session expired or missing', code: 'unauthorized' };
const invalidToken = { error: 'The reset link is invalid or has expired', code: 'invalid_token' };

describe('login', () => {
  it.each(demoAccounts.map((account) => [account.email, account.role, account.firstName, account.lastName]))(
    'signs in the demo account %s (%s)',
    async (email, role, firstName, lastName) => {
      const result = await bo.call('login', { body: { email, password: 'demo1234' } });
      expect(result.status).toBe(200);
      const user = backofficeUser.parse(result.body);
      expect(user).toMatchObject({
        email,
        firstName,
        lastName,
        name: `${firstName} ${lastName}`,
        roles: [{ name: role }],
        role,
        profile_image: null,
      });
      expect(user.partner_id).toEqual(expect.any(Number));
    },
  );

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const result = await bo.call('login', { body: { email: '  Client@Example.COM ', password: 'demo1234' } });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ email: 'client@example.com' });
  });

  it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
    const wrongPassword = await bo.call('login', {
      body: { email: 'client@example.com', password: 'demo12345' },
    });
    const unknown = await bo.call('login', { body: { email: 'nobody@example.com', password: 'demo1234' } });
    for (const result of [wrongPassword, unknown]) {
      expect(result.status).toBe(401);
      expect(result.body).toEqual(wrongCredentials);
      expect(result.headers.getSetCookie()).toEqual([]);
    }
  });

  it('refuses a disabled account even with the right password', async () => {
    await bo.call('signup', {
      body: { email: 'gone@example.com', password: 'long-enough', firstName: 'Gone' },
    });
    await db().updateTable('users').set({ active: 0 }).where('email', '=', 'gone@example.com').execute();
    const result = await bo.call('login', { body: { email: 'gone@example.com', password: 'long-enough' } });
    expect(result.status).toBe(401);
    expect(result.body).toEqual(wrongCredentials);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie for 12 hours, storing only its hash', async () => {
    const result = await bo.call('login', { body: { email: 'admin@example.com', password: 'demo1234' } });
    const [cookie] = result.headers.getSetCookie();
    expect(cookie).toMatch(/^bo_session=[A-Za-z0-9_-]{43}; /);
    const attributes = cookie!.split('; ').slice(1);
    expect(attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'Path=/', 'SameSite=Lax', 'Max-Age=43200']),
    );
    const token = sessionTokenFrom(result.headers)!;
    const row = await db()
      .selectFrom('sessions')
      .select(['token_hash', 'created_at', 'expires_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    expect(row).toBeDefined();
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(12 * 3600 * 1000);
    expect(
      await db().selectFrom('sessions').select('token_hash').where('token_hash', '=', token).execute(),
    ).toEqual([]);
  });

  it('validates the body and lists the issues', async () => {
    const result = await bo.call('login', { body: { email: 'not-an-email' } });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: 'bad_request' });
    const paths = (result.body as { issues: { path: string }[] }).issues.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'password']));
  });
});

describe('sessions', () => {
  it('requires a valid session for session calls', async () => {
    for (const session of [undefined, 'not-a-real-token']) {
      const result = await bo.call('getUser', { params: { id: 1 }, session });
      expect(result.status).toBe(401);
      expect(result.body).toEqual(sessionMissing);
    }
    const logout = await bo.call('logout');
    expect(logout.status).toBe(401);
  });

  it('ends the session on logout and clears the cookie', async () => {
    const session = await bo.login('client@example.com');
    const other = await bo.login('client@example.com');
    expect((await bo.call('getUser', { params: { id: 3 }, session })).status).toBe(200);

    const result = await bo.call('logout', { session });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: 'success' });
    expect(result.headers.getSetCookie()[0]).toMatch(/^bo_session=; .*Max-Age=0/);

    expect((await bo.call('getUser', { params: { id: 3 }, session })).body).toEqual(sessionMissing);
    // Only that session: the same user's other sign-in lives on.
    expect((await bo.call('getUser', { params: { id: 3 }, session: other })).status).toBe(200);
  });

  it('ends a session 12 hours after sign-in, however busy', async () => {
    const session = await bo.login('agent@example.com');
    try {
      // Used every 25 minutes, it lives until its absolute end…
      for (let minutes = 25; minutes < 12 * 60; minutes += 25) {
        bo.clock.offsetMs = minutes * 60_000;
        expect((await bo.call('listUsers', { session })).status, `after ${minutes} min`).toBe(200);
      }
      // …and not a second longer.
      bo.clock.offsetMs = 12 * 3600 * 1000 + 1000;
      expect((await bo.call('listUsers', { session })).body).toEqual(sessionMissing);
    } finally {
      bo.clock.offsetMs = 0;
    }
  });

  it('ends a session unused for 30 minutes', async () => {
    const session = await bo.login('agent@example.com');
    try {
      bo.clock.offsetMs = 29 * 60_000;
      expect((await bo.call('listUsers', { session })).status).toBe(200);
      // 29 minutes after that use: still alive; 31 minutes after the last use: ended.
      bo.clock.offsetMs = 58 * 60_000;
      expect((await bo.call('listUsers', { session })).status).toBe(200);
      bo.clock.offsetMs = (58 + 31) * 60_000;
      expect((await bo.call('listUsers', { session })).body).toEqual(sessionMissing);
    } finally {
      bo.clock.offsetMs = 0;
    }
  });
});

describe('sessions per user', () => {
  it(`keeps at most ${MAX_SESSIONS_PER_USER} live: a sign-in beyond ends the least recently used`, async () => {
    const email = 'many-devices@example.com';
    await bo.call('signup', { body: { email, password: 'first-password', firstName: 'Sam' } });
    const first = await bo.login(email, 'first-password');
    const second = await bo.login(email, 'first-password');
    const { id } = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    try {
      // Two minutes later the first is used again; the second is not.
      bo.clock.offsetMs = 2 * 60_000;
      expect((await bo.call('getProfile', { session: first })).status).toBe(200);
      // More devices sign in, up to the cap (straight into the store: the same sessions a sign-in makes).
      const at = new Date(Date.now() + bo.clock.offsetMs);
      for (let n = 2; n < MAX_SESSIONS_PER_USER; n++) await createSession(bo.backoffice.database, id, at);
      const count = async () =>
        (
          await db()
            .selectFrom('sessions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n;
      expect(await count()).toBe(MAX_SESSIONS_PER_USER);

      bo.clock.offsetMs = 5 * 60_000;
      const newest = await bo.login(email, 'first-password');
      expect(await count()).toBe(MAX_SESSIONS_PER_USER);
      expect((await bo.call('getProfile', { session: newest })).status).toBe(200);
      expect((await bo.call('getProfile', { session: first })).status).toBe(200);
      // The one used longest ago (at minute 0) made room.
      expect((await bo.call('getProfile', { session: second })).body).toEqual(sessionMissing);
      // Other users' sessions are not counted against this one.
      expect(await bo.login('client@example.com')).toBeTruthy();
    } finally {
      bo.clock.offsetMs = 0;
    }
  });
});

describe('signup', () => {
  it('creates a client, with its own partner, that can sign in', async () => {
    const result = await bo.call('signup', {
      body: {
        email: 'New.Customer@Example.com',
        password: 'a-good-password',
        firstName: 'Yasmin',
        lastName: 'El Sayed',
        referral_code: 'abcd2345',
      },
    });
    expect(result.status).toBe(200);
    expect(signupAnswer.parse(result.body)).toEqual({ status: 'success' });
    expect(result.headers.getSetCookie()).toEqual([]);

    const login = await bo.call('login', {
      body: { email: 'new.customer@example.com', password: 'a-good-password' },
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      email: 'new.customer@example.com',
      name: 'Yasmin El Sayed',
      roles: [{ name: 'client' }],
      role: 'client',
    });
    const created = {
      user_id: (login.body as { id: number }).id,
      partner_id: (login.body as { partner_id: number }).partner_id,
    };

    const partner = await db()
      .selectFrom('partners')
      .select(['name', 'email', 'referral_code', 'referred_by_code', 'is_staff'])
      .where('id', '=', created.partner_id)
      .executeTakeFirstOrThrow();
    expect(partner).toMatchObject({
      name: 'Yasmin El Sayed',
      email: 'new.customer@example.com',
      referred_by_code: 'ABCD2345',
      is_staff: 0,
    });
    expect(partner.referral_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const { password_hash: hash } = await db()
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', created.user_id)
      .executeTakeFirstOrThrow();
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
  });

  it('answers a taken e-mail like a new one, and mails its owner instead, in their language', async () => {
    const mailsTo = async (to: string) => (await bo.outbox()).filter((message) => message.to === to);
    const fresh = await bo.call('signup', {
      body: { email: 'fresh@example.com', password: 'a-good-password', firstName: 'Fresh', lang: 'fr' },
    });
    await db()
      .updateTable('users')
      .set({ language: 'ar' })
      .where('email', '=', 'admin@example.com')
      .execute();
    const taken = await bo.call('signup', {
      body: { email: 'ADMIN@example.com', password: 'a-good-password', firstName: 'Imposter', lang: 'zh' },
    });
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual(fresh.body);
    expect(taken.body).toEqual({ status: 'success' });

    // The new customer is welcomed (in the page's language); the owner told, in their own.
    const [welcome] = await mailsTo('fresh@example.com');
    expect(welcome).toMatchObject({ subject: 'Votre compte Harbour Freight est prêt' });
    expect(welcome!.link).toBe('http://portal.test/auth/login');
    const [notice] = await mailsTo('admin@example.com');
    expect(notice).toMatchObject({ subject: 'حاول أحدهم فتح حساب بعنوان بريدك الإلكتروني' });
    expect(notice!.link).toBe('http://portal.test/auth/forgot-password');
    // The account is the owner's still: the other password does not open it, theirs does.
    expect(
      (await bo.call('login', { body: { email: 'admin@example.com', password: 'a-good-password' } })).status,
    ).toBe(401);
    await bo.login('admin@example.com');
  });

  it('mails one address at most 3 times an hour, answering the same beyond', async () => {
    const mailsTo = async (to: string) => (await bo.outbox()).filter((message) => message.to === to);
    const email = 'agent@example.com';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const body = { email, password: 'a-good-password', firstName: 'Again' };
      const result =
        attempt % 2
          ? await bo.call('signup', { body })
          : await bo.call('forgotPassword', { body: { email } });
      expect(result.status).toBe(200);
      expect(result.body).toEqual({ status: 'success' });
    }
    expect(await mailsTo(email)).toHaveLength(3);
    bo.clock.offsetMs = 61 * 60_000;
    try {
      await bo.call('forgotPassword', { body: { email } });
      expect(await mailsTo(email)).toHaveLength(4);
    } finally {
      bo.clock.offsetMs = 0;
    }
  });

  it('refuses a password that is easy to guess, known address or not, before mailing anyone', async () => {
    const before = (await bo.outbox()).length;
    for (const email of ['admin@example.com', 'someone.new@example.com']) {
      for (const password of ['sunshine1', 'iloveyou2', 'qwertyuiop', email]) {
        const result = await bo.call('signup', { body: { email, password, firstName: 'Someone' } });
        expect(result.status, `${email} ${password}`).toBe(400);
        expect(result.body).toMatchObject({ issues: [{ path: 'password' }] });
      }
    }
    expect((await bo.outbox()).length).toBe(before);
    expect(
      (await bo.call('login', { body: { email: 'someone.new@example.com', password: 'sunshine1' } })).status,
    ).toBe(401);
  });

  it('refuses a short password and an empty first name with issues', async () => {
    const result = await bo.call('signup', {
      body: { email: 'x@example.com', password: 'short', firstName: ' ' },
    });
    expect(result.status).toBe(400);
    const issues = (result.body as { issues: { path: string; message: string }[] }).issues;
    expect(issues.map((issue) => issue.path).sort()).toEqual(['firstName', 'password']);
    expect(issues.every((issue) => issue.message.length > 0)).toBe(true);
  });
});

describe('password reset', () => {
  async function requestReset(email: string, lang?: string) {
    const before = new Set((await bo.outbox()).map((message) => message.file));
    const result = await bo.call('forgotPassword', { body: lang ? { email, lang } : { email } });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: 'success' });
    const added = (await bo.outbox()).filter((message) => !before.has(message.file));
    expect(added).toHaveLength(1);
    const message = added[0]!;
    const link = new URL(message.link);
    return { message, link, token: link.searchParams.get('token')! };
  }

  it('mails a working link, in English by default', async () => {
    const { message, link, token } = await requestReset('client2@example.com');
    expect(message).toMatchObject({ to: 'client2@example.com', subject: 'Reset your password' });
    expect(link.origin + link.pathname).toBe('http://portal.test/auth/reset-password');
    expect(link.searchParams.get('email')).toBe('client2@example.com');
    expect(message.link).toContain('email=client2%40example.com');
    expect(message.text).toContain(message.link);
    expect(Date.parse(message.createdAt)).not.toBeNaN();
    expect(message.file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]+\.json$/);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('writes the mail in French when asked', async () => {
    const { message } = await requestReset('client2@example.com', 'fr');
    expect(message.subject).toBe('Réinitialisez votre mot de passe');
    expect(message.text).toContain('Bonjour');
    expect(message.text).toContain(message.link);
  });

  it('has a text in Arabic and Chinese too', async () => {
    expect((await requestReset('client2@example.com', 'ar')).message.subject).toBe('إعادة تعيين كلمة المرور');
    // Another address for the last one: an address gets at most 3 account mails an hour (see signup).
    expect((await requestReset('client@example.com', 'zh')).message.subject).toBe('重置您的密码');
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = await bo.outbox();
    const result = await bo.call('forgotPassword', { body: { email: 'nobody@example.com' } });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: 'success' });
    expect(await bo.outbox()).toEqual(before);
  });

  it('sets the new password once, ends every session, and refuses the old password and a reuse', async () => {
    await bo.call('signup', {
      body: { email: 'reset.me@example.com', password: 'the-old-password', firstName: 'Reset' },
    });
    const session = await bo.login('reset.me@example.com', 'the-old-password');
    const { token } = await requestReset('reset.me@example.com');

    const reset = await bo.call('passwordReset', {
      body: { email: 'reset.me@example.com', password: 'the-new-password', token },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ status: 'success' });

    const again = await bo.call('passwordReset', {
      body: { email: 'reset.me@example.com', password: 'third-password', token },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(invalidToken);

    expect((await bo.call('logout', { session })).body).toEqual(sessionMissing);
    const old = await bo.call('login', {
      body: { email: 'reset.me@example.com', password: 'the-old-password' },
    });
    expect(old.status).toBe(401);
    await bo.login('reset.me@example.com', 'the-new-password');
  });

  it('refuses a token for another e-mail, a made-up token, an expired token and a superseded one', async () => {
    const { token: first } = await requestReset('client@example.com');
    const { token: second } = await requestReset('client@example.com');
    const attempt = (email: string, token: string) =>
      bo.call('passwordReset', { body: { email, password: 'changed-password', token } });

    for (const result of [
      await attempt('client@example.com', first),
      await attempt('client2@example.com', second),
      await attempt('client@example.com', 'A'.repeat(43)),
    ]) {
      expect(result.status).toBe(400);
      expect(result.body).toEqual(invalidToken);
    }

    try {
      bo.clock.offsetMs = 61 * 60 * 1000;
      expect((await attempt('client@example.com', second)).body).toEqual(invalidToken);
    } finally {
      bo.clock.offsetMs = 0;
    }
    // Nothing above changed the password.
    await bo.login('client@example.com', 'demo1234');
    expect((await attempt('client@example.com', second)).status).toBe(200);
    await bo.login('client@example.com', 'changed-password');
  });
});

describe('password change', () => {
  async function newAccount(email: string) {
    await bo.call('signup', { body: { email, password: 'first-password', firstName: 'Pat' } });
    return bo.login(email, 'first-password');
  }

  it('needs the current password, sets the new one, and ends only the other sessions', async () => {
    const here = await newAccount('changer@example.com');
    const elsewhere = await bo.login('changer@example.com', 'first-password');

    const wrong = await bo.call('changePassword', {
      body: { current_password: 'not-it', new_password: 'second-password' },
      session: here,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ issues: [{ path: 'current_password' }] });

    const done = await bo.call('changePassword', {
      body: { current_password: 'first-password', new_password: 'second-password' },
      session: here,
    });
    expect(done.status).toBe(200);
    expect((await bo.call('getUser', { params: { id: 1 }, session: elsewhere })).status).toBe(401);
    expect((await bo.call('logout', { session: here })).status).toBe(200);
    expect(
      (await bo.call('login', { body: { email: 'changer@example.com', password: 'first-password' } })).status,
    ).toBe(401);
    expect(
      (await bo.call('login', { body: { email: 'changer@example.com', password: 'second-password' } }))
        .status,
    ).toBe(200);
  });

  it('refuses a password that is easy to guess, and one that is too short', async () => {
    const session = await newAccount('weak@example.com');
    for (const new_password of ['password123', 'sunshine1', 'qwertyuiop', 'demo1234', 'short']) {
      const result = await bo.call('changePassword', {
        body: { current_password: 'first-password', new_password },
        session,
      });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ issues: [{ path: 'new_password' }] });
    }
  });

  it('needs a session', async () => {
    expect(
      (await bo.call('changePassword', { body: { current_password: 'a', new_password: 'second-password' } }))
        .status,
    ).toBe(401);
  });
});
