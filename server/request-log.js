// One log line per request (method, path, status, duration, request id) and the request's id: made
// here, or taken from X-Request-Id when a trusted proxy sent it; the back-office client passes it on.
import { randomUUID } from 'node:crypto';
import { inRequest } from './logger.js';

/** An id a proxy may hand on: short, and nothing that could break a log line or a header. */
const GIVEN_ID = /^[\w.:-]{1,128}$/;

/** Path segments that are secrets themselves: a share link's token. */
const SECRET_SEGMENTS = /^(\/shared\/)[^/]+/;

/**
 * The path as logged: secret segments replaced, and of the query only its names, since values can be
 * secrets (a reset link's token, a share link) or personal (a search).
 * @param {string} url the request's path and query
 */
export function loggedPath(url) {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at)).replace(SECRET_SEGMENTS, '$1:token');
  if (at < 0) return path;
  const names = [...new Set(new URLSearchParams(url.slice(at + 1)).keys())];
  return names.length > 0 ? `${path}?${names.join('&')}` : path;
}

/**
 * The middleware: gives the request its id (also sent back as X-Request-Id, for support), runs the
 * rest of the chain with it, and logs the request once it is answered or abandoned.
 * @param {{ logger: import('pino').Logger; trustRequestId: boolean }} options
 * @returns {import('express').RequestHandler}
 */
export function requestLog({ logger, trustRequestId }) {
  return (req, res, next) => {
    const started = performance.now();
    const given = trustRequestId ? req.get('x-request-id') : undefined;
    const requestId = given && GIVEN_ID.test(given) ? given : randomUUID();
    res.locals.requestId = requestId;
    res.set('X-Request-Id', requestId);
    res.once('close', () => {
      logger.info(
        {
          requestId,
          method: req.method,
          path: loggedPath(req.originalUrl),
          status: res.statusCode,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    });
    inRequest(requestId, next);
  };
}
