// Staff's quote editor: blank rows are not lines, a half-filled row is refused where it stands, and the
// terms are checked; the customer's decline needs a reason.
import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { quoteDeclineSchema, quoteSchema } from './quotes';

function editor(lines: Record<string, string>[], terms: Record<string, string> = {}) {
  const form = new FormData();
  const fields = {
    currency: 'USD',
    validUntil: '2099-12-31',
    category: 'toys_games',
    containerType: 'groupage',
    cbm: '14',
    origin: 'china',
    ...terms,
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  lines.forEach((line, index) => {
    for (const [name, value] of Object.entries(line)) form.set(`lines[${index}].${name}`, value);
  });
  return parseWithZod(form, { schema: quoteSchema });
}

const blank = { kind: 'freight', description: '', quantity: '', unit: 'shipment', unitPrice: '' };
const freight = {
  kind: 'freight',
  description: 'Ocean freight',
  quantity: '14',
  unit: 'cbm',
  unitPrice: '85.50',
};

describe("staff's quote editor", () => {
  it('keeps the filled rows as lines, in numbers, and leaves the blank rows out', () => {
    const parsed = editor([blank, freight, blank]);
    expect(parsed.status).toBe('success');
    if (parsed.status !== 'success') return;
    expect(parsed.value.lines).toEqual([
      { kind: 'freight', description: 'Ocean freight', quantity: 14, unit: 'cbm', unitPrice: 85.5 },
    ]);
    expect(parsed.value.cbm).toBe(14);
  });

  it('refuses a half-filled row on that row, whatever blank rows stand before it', () => {
    const parsed = editor([blank, { ...freight, unitPrice: '' }, { ...freight, quantity: '0' }]);
    expect(parsed.status).toBe('error');
    const errors = parsed.reply().error ?? {};
    expect(errors['lines[1].unitPrice']).toEqual(['validation.required']);
    expect(errors['lines[2].quantity']).toEqual(['validation.positive']);
    expect(Object.keys(errors).some((name) => name.startsWith('lines[0]'))).toBe(false);
  });

  it('saves a draft without lines, and refuses a price with more than two decimals', () => {
    expect(editor([blank, blank]).status).toBe('success');
    const parsed = editor([{ ...freight, unitPrice: '1.005' }]);
    expect(parsed.status).toBe('error');
    expect(Object.keys(parsed.reply().error ?? {})).toEqual(['lines[0].unitPrice']);
  });

  it('refuses an unknown currency and a date that is not one', () => {
    const parsed = editor([freight], { currency: 'GBP', validUntil: '31/12/2099' });
    expect(Object.keys(parsed.reply().error ?? {}).sort()).toEqual(['currency', 'validUntil']);
  });
});

describe("the customer's decline", () => {
  it('needs a reason', () => {
    for (const reason of ['', '   ']) {
      const form = new FormData();
      form.set('reason', reason);
      const parsed = parseWithZod(form, { schema: quoteDeclineSchema });
      expect(parsed.reply().error).toEqual({ reason: ['quotes:decline.reasonRequired'] });
    }
  });
});
