// A staff decision on a request: a rejection says why, above the form (its note is a plain field).
import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { reviewSchema } from './requests';

function decide(decision: string, note: string) {
  const form = new FormData();
  form.set('id', '3');
  form.set('decision', decision);
  form.set('note', note);
  return parseWithZod(form, { schema: reviewSchema });
}

describe('a decision on a request', () => {
  it('refuses a rejection without a reason, as an error of the whole form', () => {
    for (const note of ['', '   ']) {
      const refused = decide('rejected', note);
      expect(refused.status).toBe('error');
      expect(refused.reply().error).toEqual({ '': ['requests:review.reasonRequired'] });
    }
  });

  it('takes a rejection with its reason, and an approval with or without a note', () => {
    expect(decide('rejected', 'No space before March.').status).toBe('success');
    expect(decide('approved', '').status).toBe('success');
  });
});
