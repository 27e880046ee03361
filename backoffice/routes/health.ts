import { sql } from 'kysely';
import type { App } from '../app';
import type { CallHandlers } from '../http';

export function healthHandlers(app: App): Pick<CallHandlers, 'health'> {
  return {
    async health() {
      await sql`select 1`.execute(app.database);
      return { status: 'ok', version: app.version };
    },
  };
}
