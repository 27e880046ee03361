// The portal's log: one JSON object a line (pino), info and below on stdout, warnings and errors on
// stderr. Every line written while a request is served carries that request's id (request-log.js).
import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';
import { readPortalSettings } from './settings.js';

/**
 * The request being served. Kept on globalThis because the server build bundles its own copy of this
 * module: server.js and the Remix app must share one store for the app's lines to carry the id.
 * @type {AsyncLocalStorage<{ requestId: string }>}
 */
const requests = /** @type {any} */ (
  globalThis[Symbol.for('freight-portal.requests')] ??= new AsyncLocalStorage()
);

/**
 * Runs `work` as part of serving the request with this id.
 * @template T
 * @param {string} requestId
 * @param {() => T} work
 * @returns {T}
 */
export function inRequest(requestId, work) {
  return requests.run({ requestId }, work);
}

/** The id of the request being served, if any. */
export function currentRequestId() {
  return requests.getStore()?.requestId;
}

/**
 * A logger. `destination` replaces stdout and stderr (tests write to a stream).
 * @param {{ level?: string; destination?: pino.DestinationStream }} [options]
 */
export function createLogger({ level = 'info', destination } = {}) {
  return pino(
    {
      level,
      base: { service: 'portal' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    destination ??
      // Written at once, in this process (no worker thread); `dedupe` sends a line to one stream only.
      pino.multistream(
        [
          { level: 'trace', stream: pino.destination({ dest: 1, sync: true }) },
          { level: 'warn', stream: pino.destination({ dest: 2, sync: true }) },
        ],
        { dedupe: true },
      ),
  );
}

/**
 * LOG_LEVEL; unset, info, but warn under the unit tests, whose output would drown in request lines.
 * Wrong settings never get far (server.js refuses to start), and meanwhile mean the default.
 */
const settings = readPortalSettings();
const quiet = settings.ok && settings.settings.NODE_ENV === 'test';

export const logger = createLogger({
  level: (settings.ok && settings.settings.LOG_LEVEL) || (quiet ? 'warn' : 'info'),
});
