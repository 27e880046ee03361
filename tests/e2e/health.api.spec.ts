// Liveness and readiness, as load balancers and the start script read them.
import { expect, test } from '@playwright/test';

test('/healthz says the portal answers', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('/readyz says the back office answers', async ({ request }) => {
  const response = await request.get('/readyz');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toEqual({ status: 'ready', backoffice: 'reachable' });
});
