import { DEMO_STATE_MAX_BYTES } from '@contract';
import type { App } from '../app';
import { refuse, type CallHandlers } from '../http';
import { findDemoState, saveDemoState, throttleCount, throttleFail, throttleReset } from '../sharedState';

type SharedStateCalls = 'getDemoState' | 'saveDemoState' | 'throttleCount' | 'throttleFail' | 'throttleReset';

/** Demo-module data (always the session's own user) and the portal's per-address counts. */
export function sharedStateHandlers(app: App): Pick<CallHandlers, SharedStateCalls> {
  return {
    getDemoState({ session }) {
      return findDemoState(app.database, session.user.id);
    },

    async saveDemoState({ body, session }) {
      const bytes = Buffer.byteLength(JSON.stringify(body.state));
      if (bytes > DEMO_STATE_MAX_BYTES) throw refuse.tooLarge(DEMO_STATE_MAX_BYTES);
      const version = await saveDemoState(app.database, session.user.id, body.state, body.version, app.now());
      if (version === 'conflict') throw refuse.demoStateChanged();
      return { version };
    },

    throttleCount({ body }) {
      return throttleCount(app.database, body.scope, body.key, app.now());
    },

    throttleFail({ body }) {
      return throttleFail(app.database, body.scope, body.key, body.window_seconds, app.now());
    },

    throttleReset({ body }) {
      return throttleReset(app.database, body.scope, body.key);
    },
  };
}
