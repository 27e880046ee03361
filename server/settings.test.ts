import { describe, expect, it } from 'vitest';
import { sessionSecretProblem } from './settings.js';

const secret = 's'.repeat(48);

describe('sessionSecretProblem', () => {
  it.each([
    ['one process in production without a secret (npm start on one machine)', { NODE_ENV: 'production' }],
    [
      'several processes with a secret',
      { NODE_ENV: 'production', WEB_CONCURRENCY: '4', SESSION_SECRET: secret },
    ],
    ['several processes in development', { NODE_ENV: 'development', WEB_CONCURRENCY: '4' }],
  ])('lets the portal start: %s', (_case, env) => {
    expect(sessionSecretProblem(env)).toBeNull();
  });

  it('refuses several production processes without a secret, and says what to set', () => {
    const problem = sessionSecretProblem({ NODE_ENV: 'production', WEB_CONCURRENCY: '2' });
    expect(problem).toMatch(/SESSION_SECRET is not set/);
    expect(problem).toMatch(/2 portal processes/);
    expect(
      sessionSecretProblem({ NODE_ENV: 'production', WEB_CONCURRENCY: '2', SESSION_SECRET: '  ' }),
    ).toMatch(/SESSION_SECRET is not set/);
  });

  it('refuses a secret shorter than 32 characters', () => {
    expect(sessionSecretProblem({ SESSION_SECRET: 'short' })).toMatch(/too short/);
  });
});
