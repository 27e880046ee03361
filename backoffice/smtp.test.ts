// The mailer with SMTP_URL set (ADR 058), against an SMTP server on loopback: a notification mail goes
// out with its plain-text and HTML parts, its unsubscribe header and the same Message-ID on every attempt;
// a refused delivery throws, so that the mail queue tries it again later; the outbox holds it once.
import { readdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mail';

interface Received {
  to: string[];
  raw: string;
}

let server: SMTPServer;
let port: number;
let refuse = false;
const received: Received[] = [];
let outboxDir: string;

beforeAll(async () => {
  outboxDir = await mkdtemp(path.join(os.tmpdir(), 'smtp-test-'));
  server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(refuse ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(outboxDir, { recursive: true, force: true });
});

const message = {
  to: 'layla@example.com',
  subject: 'Your request #12 was approved',
  text: 'Hello Layla,\n\nYour request #12 was approved\n',
  html: '<!doctype html><html lang="en" dir="ltr"><body><p>Your request #12 was approved</p></body></html>',
  link: 'http://portal.test/apps/notifications/7',
  unsubscribe: 'http://portal.test/unsubscribe/3.request_approved.sig?lng=en',
  kind: 'request_approved',
  lang: 'en',
};

describe('the mailer with SMTP', () => {
  it('sends a notification mail with both parts and its unsubscribe headers (one click too), and writes it to the outbox', async () => {
    const mailer = await createMailer({
      outboxDir,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Harbour Freight <no-reply@harbour.example>',
      now: () => new Date(),
    });
    try {
      await mailer.deliver(message, '2026-11-28T00-00-00.000Z-mail-1.json');
    } finally {
      await mailer.close();
    }
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.to).toEqual(['layla@example.com']);
    expect(mail!.raw).toMatch(/^Subject: Your request #12 was approved/m);
    expect(mail!.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail!.raw).toMatch(/Content-Type: text\/html/);
    expect(mail!.raw).toMatch(
      /^List-Unsubscribe:\s+<http:\/\/portal\.test\/unsubscribe\/3\.request_approved\.sig\?lng=en>/m,
    );
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail!.raw).toMatch(/^Message-ID: <2026-11-28T00-00-00\.000Z-mail-1@harbour\.example>/m);
    expect(await readdir(outboxDir)).toEqual(['2026-11-28T00-00-00.000Z-mail-1.json']);
  });

  it('throws when the server refuses the mail, so that the queue tries it again; the outbox keeps it once', async () => {
    refuse = true;
    const mailer = await createMailer({
      outboxDir,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Harbour Freight <no-reply@harbour.example>',
      now: () => new Date(),
    });
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        await expect(mailer.deliver(message, '2026-11-28T00-00-01.000Z-mail-2.json')).rejects.toThrow(
          /Mailbox unavailable|550/,
        );
      }
    } finally {
      await mailer.close();
      refuse = false;
    }
    expect(received).toHaveLength(1);
    expect((await readdir(outboxDir)).filter((file) => file.endsWith('mail-2.json'))).toHaveLength(1);
  });
});
