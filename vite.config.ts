import { vitePlugin as remix } from '@remix-run/dev';
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';

/** Debian's PostgreSQL server, any version (the tests start a throwaway cluster of it). */
function postgresInstalled(): boolean {
  const versions = '/usr/lib/postgresql';
  return existsSync(versions) && readdirSync(versions).some((v) => existsSync(`${versions}/${v}/bin/initdb`));
}

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    !process.env.VITEST &&
      remix({
        ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/*.server.ts', '**/.*'],
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
        },
      }),
    tsconfigPaths(),
  ],
  // Joy's ESM build does not load in Node: bundle it into the server build.
  // stylis-plugin-rtl's CommonJS build hides its default export from Node's ESM loader: bundle it too.
  ssr: { noExternal: [/^@mui\//, 'stylis-plugin-rtl'] },
  server: { host: '127.0.0.1' },
  // Scan every route up front, so the dev server does not re-bundle dependencies (and load React twice)
  // when a page first needs one.
  optimizeDeps: { entries: ['app/entry.client.tsx', 'app/root.tsx', 'app/routes/**/*.tsx'] },
  test: {
    environment: 'node',
    // A throwaway PostgreSQL cluster for the run, when Debian's postgresql is installed.
    globalSetup: ['./vitest.global-setup.ts'],
    // One worker per core. Vitest's default in a run is one fewer, which on a two-core machine is a
    // single worker; the test files spend much of their time waiting on back offices, PostgreSQL and
    // Chromium, so a second worker shortens the unit pass by about a third.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'app/**/*.test.{ts,tsx}',
            'backoffice/**/*.test.ts',
            'server/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'tests/lb/**/*.test.ts',
          ],
        },
      },
      // The back-office suite again, every test back office on a PostgreSQL database of its own
      // (backoffice/testing.ts). Without PostgreSQL installed this pass is left out, and the tests
      // written for both engines report their PostgreSQL half as skipped.
      ...(postgresInstalled()
        ? [
            {
              extends: true as const,
              test: {
                name: 'backoffice on PostgreSQL',
                include: ['backoffice/**/*.test.ts'],
                // Already on both engines in the first pass.
                exclude: ['backoffice/data/**', 'backoffice/**/*.data.test.ts'],
                env: { BACKOFFICE_TEST_ENGINE: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
