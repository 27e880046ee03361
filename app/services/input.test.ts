// The shared input rules: decimals written plainly and within bounds, text without control characters.
import { describe, expect, it } from 'vitest';
import { decimalNumber, decimalText, plainText, recordId, withoutControls } from './input';
import { z } from 'zod';

const messages = (result: z.SafeParseReturnType<unknown, unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);

describe('decimalText (a number typed in a form or a query)', () => {
  const cbm = decimalText({ min: 0, aboveMin: true, max: 100_000, decimals: 3 });

  it('reads plain decimals, with spaces around them dropped', () => {
    expect(cbm.parse('16')).toBe(16);
    expect(cbm.parse('12.5')).toBe(12.5);
    expect(cbm.parse('0.001')).toBe(0.001);
    expect(cbm.parse(' 16 ')).toBe(16);
  });

  it('refuses hex, exponents, Infinity, NaN, commas, signs and blanks', () => {
    for (const typed of ['0x10', '1e3', '1e-300', 'Infinity', '-Infinity', 'NaN', '1,5', '+5', '½', '١٦']) {
      expect(messages(cbm.safeParse(typed)), typed).toEqual(['validation.number']);
    }
    expect(messages(cbm.safeParse('  '))).toEqual(['validation.required']);
    expect(messages(cbm.safeParse(''))).toEqual(['validation.required']);
    expect(messages(cbm.safeParse('\u0000'))).toEqual(['validation.number']);
    expect(messages(cbm.safeParse('16\u0000'))).toEqual(['validation.number']);
  });

  it('holds the bounds and the number of decimals of the field', () => {
    expect(messages(cbm.safeParse('0'))).toEqual(['validation.tooSmall']);
    expect(messages(cbm.safeParse('100001'))).toEqual(['validation.tooLarge']);
    expect(messages(cbm.safeParse('1.2345'))).toEqual(['validation.decimals|{"max":3}']);
    const months = decimalText({ min: 1, max: 60, decimals: 0 });
    expect(messages(months.safeParse('1.5'))).toEqual(['validation.wholeNumber']);
    expect(months.parse('12')).toBe(12);
  });

  it('takes a minus sign only where negatives make sense', () => {
    expect(messages(cbm.safeParse('-5'))).toEqual(['validation.number']);
    const balance = decimalText({ min: -1e9, max: 1e9, decimals: 2 });
    expect(balance.parse('-5.25')).toBe(-5.25);
    expect(messages(balance.safeParse('--5'))).toEqual(['validation.number']);
  });
});

describe('decimalNumber (a number in a JSON body)', () => {
  const cbm = decimalNumber({ min: 0, aboveMin: true, max: 10_000, decimals: 3 });

  it('refuses what JSON can carry but no one meant: 1e-300, too many decimals, non-numbers', () => {
    expect(cbm.parse(12.5)).toBe(12.5);
    expect(cbm.parse(1e3)).toBe(1000); // 1e3 in JSON is the number 1000: the text form is the form's concern
    expect(cbm.safeParse(1e-300).success).toBe(false);
    expect(cbm.safeParse(0.0001).success).toBe(false);
    expect(cbm.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
    expect(cbm.safeParse(Number.NaN).success).toBe(false);
    expect(cbm.safeParse('16').success).toBe(false);
    expect(cbm.safeParse(0).success).toBe(false);
    expect(cbm.safeParse(10_001).success).toBe(false);
  });
});

describe('recordId', () => {
  it('is a positive whole number, or plain digits in a path or query', () => {
    expect(recordId.parse(16)).toBe(16);
    expect(recordId.parse('16')).toBe(16);
    for (const wrong of ['0x10', '1e3', ' 16 ', '016', '0', '-1', 'Infinity', '', 1.5, 0, -3]) {
      expect(recordId.safeParse(wrong).success, String(wrong)).toBe(false);
    }
  });
});

describe('plainText and withoutControls', () => {
  const name = plainText(100);
  const note = plainText(2000, { multiline: true });

  it('accepts text in every script, right to left included', () => {
    for (const text of [
      'Nile Star Trading',
      'شركة نجمة النيل للتجارة',
      '玉港进口有限公司',
      'Zoë – “quoted” ✓',
      '😀',
    ]) {
      expect(name.parse(text)).toBe(text);
    }
    expect(name.parse('  padded  ')).toBe('padded');
  });

  it('refuses NUL, the other C0 controls, DEL and C1 controls', () => {
    for (const bad of [
      'a\u0000b',
      '\u0000',
      'bell\u0007',
      'esc\u001B[31m',
      'del\u007F',
      'c1\u0085',
      'c1\u009F',
    ]) {
      expect(messages(name.safeParse(bad)), JSON.stringify(bad)).toEqual(['validation.controlCharacters']);
      expect(messages(note.safeParse(bad)), JSON.stringify(bad)).toEqual(['validation.controlCharacters']);
    }
  });

  it('allows tab, new lines and carriage returns in notes only', () => {
    expect(note.parse('line one\nline two\r\n\tindented')).toBe('line one\nline two\r\n\tindented');
    expect(messages(name.safeParse('line one\nline two'))).toEqual(['validation.controlCharacters']);
    expect(messages(name.safeParse('a\tb'))).toEqual(['validation.controlCharacters']);
  });

  it('keeps the field’s own rules and messages', () => {
    const required = withoutControls(
      z.string().trim().min(1, 'validation.required').max(5, 'validation.tooLong'),
    );
    expect(messages(required.safeParse(''))).toEqual(['validation.required']);
    expect(messages(required.safeParse('toolong'))).toEqual(['validation.tooLong']);
  });
});
