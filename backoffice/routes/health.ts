import type { App } from '../app';
import type { CallHandlers } from '../http';

export function healthHandlers(app: App): Pick<CallHandlers, 'health'> {
  return {
    health() {
      app.db.prepare('SELECT 1').get();
      return { status: 'ok', version: app.version };
    },
  };
}
