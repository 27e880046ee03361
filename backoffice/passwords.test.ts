import { describe, expect, it } from 'vitest';
import { hashPassword, isWeakPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with scrypt and a fresh salt each time', async () => {
    const [first, second] = await Promise.all([hashPassword('demo1234'), hashPassword('demo1234')]);
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(first.split('$')[4]!, 'base64')).toHaveLength(16);
    expect(first).not.toBe(second);
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('answers false, after the same work, for no hash or a malformed one', async () => {
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(await verifyPassword('anything', 'plain-text')).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$x$y$z$$')).toBe(false);
  });

  it('verifies hashes made with other cost parameters', async () => {
    const { scryptSync, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    const key = scryptSync('older', salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    expect(await verifyPassword('older', stored)).toBe(true);
    expect(await verifyPassword('newer', stored)).toBe(false);
  });
});

describe('weak passwords', () => {
  it('refuses ones an older 40-word list let through, and the demo password', () => {
    for (const weak of ['sunshine1', 'iloveyou2', 'qwertyuiop', 'password2024', 'demo1234', 'abcdefgh1']) {
      expect(isWeakPassword(weak), weak).toBe(true);
    }
  });

  it("refuses one made of the account's own name or address", () => {
    const account = ['yasmin.elsayed@example.com', 'Yasmin', 'El Sayed'];
    expect(isWeakPassword('elsayed2024', account)).toBe(true);
    expect(isWeakPassword('yasmin.elsayed@example.com', account)).toBe(true);
    expect(isWeakPassword('elsayed2024')).toBe(false);
  });

  it('accepts ones that are hard to guess', () => {
    for (const strong of ['harbour-lights-42', 'correct horse battery', 'a-good-password', 'Tq8#vLm2xR']) {
      expect(isWeakPassword(strong), strong).toBe(false);
    }
  });
});
