// The liveness answer load balancers and the start script read.
import { expect, test } from '@playwright/test';

test('/healthz says the portal and the back office answer', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toEqual({ status: 'ok', backoffice: 'reachable' });
});
