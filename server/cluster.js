// The portal on every core: several worker processes share one port (node:cluster; the primary accepts
// the connections and hands them out in turn). The primary serves nothing itself: it starts the workers,
// starts one again when it dies (with the supervisor's back-off), passes a stop (SIGTERM, Ctrl+C) on to
// each so that it finishes its requests under way, and exits once they all have.
import cluster from 'node:cluster';
import os from 'node:os';
import { logger } from './logger.js';
import { shareSessionSecret } from './settings.js';
import { restartDelay } from './supervisor.js';

/**
 * How many worker processes serve: WEB_CONCURRENCY, or one per core when it is unset. A value that is
 * not a whole number of at least 1 is refused with what to write instead.
 * @param {Record<string, string | undefined>} env
 * @param {number} [cores]
 * @returns {{ workers: number; problem?: undefined } | { workers?: undefined; problem: string }}
 */
export function workerCount(env, cores = os.availableParallelism()) {
  const setting = env.WEB_CONCURRENCY?.trim();
  if (!setting) return { workers: Math.max(1, cores) };
  const workers = Number(setting);
  if (Number.isInteger(workers) && workers >= 1) return { workers };
  return {
    problem:
      `WEB_CONCURRENCY is "${setting}": write how many portal processes serve, a whole number from 1 ` +
      '(1: one process, as before), or leave it unset for one per core.',
  };
}

/**
 * What each worker is told: how many serve, and its share of the documents the machine renders at once
 * (RENDER_CONCURRENCY, one per core unless set), so that N workers, each with its own Chromium, still
 * render no more than that in all (rounded up: every worker can render at least one).
 * @param {Record<string, string | undefined>} env
 * @param {number} workers
 * @param {number} [cores]
 * @returns {Record<string, string>}
 */
export function workerSettings(env, workers, cores = os.availableParallelism()) {
  const machineRenders = Number(env.RENDER_CONCURRENCY) || Math.max(1, cores);
  return {
    WEB_CONCURRENCY: String(workers),
    RENDER_CONCURRENCY: String(Math.ceil(machineRenders / workers)),
  };
}

/**
 * Serves the portal on WEB_CONCURRENCY worker processes when that is more than one. Returns at once
 * when this process is to serve by itself (one worker, or this is a worker); otherwise it never
 * returns: the process exits when the workers have stopped (0 when every one finished its requests,
 * 1 otherwise), or at once with a message when the settings do not allow it to start.
 * @param {Record<string, string | undefined>} env
 * @param {{
 *   exec?: string;
 *   cores?: number;
 *   initialDelayMs?: number;
 *   maxDelayMs?: number;
 *   healthyAfterMs?: number;
 *   log?: (message: string) => void;
 * }} [options] `exec`: the worker's script (the process's own unless given)
 * @returns {Promise<void>}
 */
export async function serveOnWorkers(env, options = {}) {
  if (!cluster.isPrimary) return;
  const count = workerCount(env, options.cores);
  if (count.problem !== undefined) {
    logger.fatal(count.problem);
    process.exit(1);
  }
  if (count.workers === 1) return;
  const secretProblem = shareSessionSecret(env);
  if (secretProblem) {
    logger.fatal(secretProblem);
    process.exit(1);
  }
  const graceMs = Number(env.SHUTDOWN_GRACE_MS || 25_000);
  const settings = workerSettings(env, count.workers, options.cores);
  process.exit(await runWorkers(count.workers, settings, { ...options, graceMs }));
}

/**
 * Starts `workers` workers and keeps that many running until a stop; resolves with the exit code.
 * @param {number} workers
 * @param {Record<string, string>} settings
 * @param {Parameters<typeof serveOnWorkers>[1] & { graceMs: number }} options
 * @returns {Promise<number>}
 */
function runWorkers(
  workers,
  settings,
  {
    exec,
    graceMs,
    initialDelayMs = 1000,
    maxDelayMs = 30_000,
    healthyAfterMs = 60_000,
    log = (message) => logger.error(message),
  },
) {
  if (exec) cluster.setupPrimary({ exec });
  /** Each place's quick failures in a row, and its restart waiting, if any. */
  const places = Array.from({ length: workers }, () => ({
    failuresInARow: 0,
    /** @type {NodeJS.Timeout | null} */
    pending: null,
  }));
  /** @type {Set<import('node:cluster').Worker>} */
  const running = new Set();
  let stopping = false;
  let allFinished = true;

  return new Promise((resolve) => {
    const resolveWhenDone = () => {
      if (stopping && running.size === 0) resolve(allFinished ? 0 : 1);
    };

    /** @param {(typeof places)[number]} place */
    const start = (place) => {
      place.pending = null;
      if (stopping) return;
      const startedAt = Date.now();
      const worker = cluster.fork(settings);
      running.add(worker);
      worker.once('exit', (code, signal) => {
        running.delete(worker);
        if (stopping) {
          if (code !== 0) allFinished = false;
          resolveWhenDone();
          return;
        }
        // A worker that served a good while before dying starts the count of quick failures again.
        place.failuresInARow = Date.now() - startedAt >= healthyAfterMs ? 1 : place.failuresInARow + 1;
        const delay = restartDelay(place.failuresInARow, initialDelayMs, maxDelayMs);
        log(
          `worker ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); ` +
            `starting another in ${Math.round(delay / 100) / 10} s.`,
        );
        place.pending = setTimeout(() => start(place), delay);
      });
    };

    /** @param {NodeJS.Signals} signal */
    const stop = (signal) => {
      if (stopping) return;
      stopping = true;
      for (const place of places) if (place.pending) clearTimeout(place.pending);
      // Each worker drains as a single portal does (server.js): no new connection, the requests under
      // way finished within SHUTDOWN_GRACE_MS, then Chromium and the back-office connections closed.
      for (const worker of running) worker.process.kill(signal);
      // A worker that is stuck (it answers no signal) is not waited for beyond its grace.
      setTimeout(() => {
        for (const worker of running) {
          allFinished = false;
          worker.process.kill('SIGKILL');
        }
      }, graceMs + 5000).unref();
      resolveWhenDone();
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));

    for (const place of places) start(place);
  });
}
