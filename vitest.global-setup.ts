/**
 * Starts one throwaway PostgreSQL cluster for the whole unit run when Debian's `postgresql` is
 * installed (`npm run setup` installs it when run as root), so the back-office tests run on both
 * engines; without it they run on SQLite and the PostgreSQL half is reported as skipped.
 */
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './backoffice/data/postgres-cluster';

export default async function setup(project: TestProject) {
  const cluster = process.env.TEST_POSTGRES === 'off' ? null : await startPostgresCluster();
  if (!cluster)
    console.warn('[tests] PostgreSQL is not installed: its half of the back-office tests is skipped.');
  project.provide('postgresUrl', cluster?.url ?? '');
  return async () => {
    await cluster?.stop();
  };
}
