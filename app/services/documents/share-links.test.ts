// Signed share links: a link verifies until it expires; any changed character, another secret or a
// past expiry is refused.
import { describe, expect, it } from 'vitest';
import { defaultPeriod, statementPeriod } from '~/forms/billing';
import { signShare, verifyShare } from './share-links.server';

const SECRET = 'a-test-secret-that-is-long-enough-for-hmac-signing';
const TOKEN = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0_-x';
const NOW = new Date('2026-11-22T10:00:00Z');
const share = { token: TOKEN, expires_at: '2026-11-29T10:00:00.000Z' };

describe('share links', () => {
  const signed = signShare(share, SECRET);

  it('opens the token while the link lasts', () => {
    expect(signed.startsWith(`${TOKEN}.`)).toBe(true);
    expect(verifyShare(signed, NOW, SECRET)).toBe(TOKEN);
    expect(verifyShare(signed, new Date('2026-11-29T09:59:59Z'), SECRET)).toBe(TOKEN);
  });

  it('refuses the link once it has expired', () => {
    expect(verifyShare(signed, new Date('2026-11-29T10:00:00Z'), SECRET)).toBeNull();
  });

  it('refuses the link with any one character changed', () => {
    for (let index = 0; index < signed.length; index += 1) {
      const char = signed[index]!;
      const swapped = char === 'A' ? 'B' : char === '.' ? '-' : 'A';
      const tampered = `${signed.slice(0, index)}${swapped}${signed.slice(index + 1)}`;
      expect(verifyShare(tampered, NOW, SECRET), `changed at ${index}`).toBeNull();
    }
  });

  it('refuses a longer expiry written into the link, another secret, and malformed values', () => {
    const [token, , signature] = signed.split('.');
    expect(verifyShare(`${token}.9999999999.${signature}`, NOW, SECRET)).toBeNull();
    expect(verifyShare(signed, NOW, `${SECRET}-other`)).toBeNull();
    for (const value of [null, undefined, '', TOKEN, `${signed}.`, `${signed}x`, signed.toUpperCase()]) {
      expect(verifyShare(value, NOW, SECRET)).toBeNull();
    }
  });
});

describe('statement period', () => {
  const today = new Date('2026-11-22T12:00:00Z');

  it('covers the last twelve months by default', () => {
    expect(defaultPeriod(today)).toEqual({ from: '2025-11-23', to: '2026-11-22' });
    expect(statementPeriod({}, today)).toEqual({ ok: true, from: '2025-11-23', to: '2026-11-22' });
  });

  it('keeps what was typed and says what is wrong', () => {
    expect(statementPeriod({ from: '2026-02-30', to: '2026-03-01' }, today)).toEqual({
      ok: false,
      from: '2026-02-30',
      to: '2026-03-01',
      error: 'billing:statement.badDate',
    });
    expect(statementPeriod({ from: '2026-05-01', to: '2026-04-01' }, today)).toMatchObject({
      ok: false,
      error: 'billing:statement.badOrder',
    });
    expect(statementPeriod({ from: '2026-01-01', to: '2026-01-31' }, today)).toEqual({
      ok: true,
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });
});
