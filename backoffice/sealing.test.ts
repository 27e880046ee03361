import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSealer, sealingKey } from './sealing';

describe('sealed secrets', () => {
  const sealer = createSealer(randomBytes(32));

  it('read back what was sealed, and never show it in the stored text', () => {
    const sealed = sealer.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealer.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(sealer.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuse a changed value and another key', () => {
    const sealed = sealer.seal('JBSWY3DPEHPK3PXP');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw.writeUInt8(raw.readUInt8(raw.length - 1) ^ 1, raw.length - 1);
    expect(() => sealer.open(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => createSealer(randomBytes(32)).open(sealed)).toThrow();
  });

  it('give back a value kept before sealing as it is', () => {
    expect(sealer.isSealed('JBSWY3DPEHPK3PXP')).toBe(false);
    expect(sealer.open('JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });
});

describe('the sealing key', () => {
  it('is made once in the data directory, readable by its owner only, when none is configured', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sealing-'));
    const first = sealingKey(dir, undefined);
    expect(first).toHaveLength(32);
    expect(statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(sealingKey(dir, undefined).equals(first)).toBe(true);
    expect(readFileSync(path.join(dir, 'secret.key'), 'utf8')).toBe(first.toString('base64'));
  });

  it('comes from the setting when there is one, which must be 32 bytes', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sealing-'));
    const key = randomBytes(32);
    expect(sealingKey(dir, key.toString('base64')).equals(key)).toBe(true);
    expect(() => sealingKey(dir, randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
