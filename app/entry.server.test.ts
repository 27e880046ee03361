// The server's shutdown hook in the server build: it closes what the portal holds, started or not.
import { expect, it } from 'vitest';
import { releaseResources } from './entry.server';

it('releases the document browser and the back-office connections, even when neither was used', async () => {
  process.env.SESSION_SECRET ??= 'test-secret-that-is-long-enough-for-signing-cookies';
  await expect(releaseResources()).resolves.toBeUndefined();
  // A second stop finds nothing left to close.
  await expect(releaseResources()).resolves.toBeUndefined();
});
