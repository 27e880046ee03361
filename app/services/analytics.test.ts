// The optional analytics script: offered on the portal's pages when configured, never on /auth/*.
import { beforeAll, describe, expect, it } from 'vitest';
import { args, pageRequest } from '../../tests/unit/portal-server';

const SCRIPT = 'https://cdn.analytics.example/recorder.js';

beforeAll(() => {
  process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-signing-cookies';
  process.env.ANALYTICS_SCRIPT_URL = SCRIPT;
});

describe('the analytics script', () => {
  it('is named on portal pages and public pages', async () => {
    const { loader } = await import('../root');
    for (const path of ['/dashboards/modern', '/apps/loans?tab=repaid', '/pages/faq', '/invoice?share=x']) {
      expect((await loader(args(pageRequest(path)))).data.analyticsScript, path).toBe(SCRIPT);
    }
  });

  it('is never named on the sign-in pages, their data requests included', async () => {
    const { loader } = await import('../root');
    for (const path of [
      '/auth/login',
      '/auth/login2',
      '/auth/register',
      '/auth/forgot-password',
      '/auth/reset-password?token=t',
      '/auth/two-steps',
      '/auth/two-steps2',
      '/auth/login.data',
    ]) {
      expect((await loader(args(pageRequest(path)))).data.analyticsScript, path).toBeNull();
    }
  });
});
