import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { jsonBody } from './json-body.server';

describe('jsonBody', () => {
  it('sends a short body as plain JSON text', () => {
    expect(jsonBody({ name: 'Sandals', n: 1 })).toBe('{"name":"Sandals","n":1}');
  });

  it('streams long base64 strings without changing the JSON, with its exact length', async () => {
    const data = Buffer.alloc(300_000, 7).toString('base64');
    const value = {
      name: 'Ünïcödé "quoted" \u0000 السلام',
      attachments: [
        { filename: 'a.pdf', data },
        { filename: 'b.pdf', data: data.slice(0, 100_000) },
      ],
    };
    const body = jsonBody(value);
    if (typeof body === 'string') throw new Error('expected a stream');
    const sent = await text(body.stream());
    expect(sent).toBe(JSON.stringify(value));
    expect(body.length).toBe(Buffer.byteLength(sent));
    // Made afresh for a second try.
    expect(await text(body.stream())).toBe(sent);
  });
});
