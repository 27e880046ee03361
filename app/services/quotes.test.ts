// A back office without the quotes extension answers their paths 404: the lists say quotes are not
// offered instead of showing an empty list or failing; any other failure still fails.
import { describe, expect, it } from 'vitest';
import type { SignedIn } from './auth.server';
import { BackofficeError } from './backoffice/client.server';
import { listQuotes, quotesOfRequest } from './quotes.server';

function failingWith(error: Error): SignedIn {
  return {
    backoffice: {
      call: async () => {
        throw error;
      },
    },
  } as unknown as SignedIn;
}

describe('a back office without quotes', () => {
  const lacking = failingWith(
    new BackofficeError('not_found', 'listQuotes', { status: 404, code: 'not_found' }),
  );

  it('makes the quotes list say so', async () => {
    expect(await listQuotes(lacking, { page: 1 })).toEqual({
      items: [],
      total: 0,
      page: 1,
      pages: 1,
      unsupported: true,
    });
  });

  it("makes a request's quotes say so", async () => {
    expect(await quotesOfRequest(lacking, 3)).toEqual({ quotes: [], unsupported: true });
  });

  it('is told apart from a back office that is down', async () => {
    const down = failingWith(new BackofficeError('unavailable', 'listQuotes'));
    await expect(listQuotes(down, { page: 1 })).rejects.toThrow(BackofficeError);
  });
});
