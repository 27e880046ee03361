// Keeps a child process running (npm start's reference back office and portal): when it stops on its
// own it is started again, after a pause that doubles with each quick failure (back-off), so a crash
// costs seconds of service and a process failing at start does not spin.

/**
 * @typedef {{
 *   name: string;
 *   start: () => import('node:child_process').ChildProcess;
 *   initialDelayMs?: number;
 *   maxDelayMs?: number;
 *   healthyAfterMs?: number;
 *   log?: (message: string) => void;
 * }} SuperviseOptions
 */

/**
 * The pause before the next start: doubles with each failure in a row, up to `maxMs`.
 * @param {number} failuresInARow at least 1
 * @param {number} initialMs
 * @param {number} maxMs
 */
export function restartDelay(failuresInARow, initialMs, maxMs) {
  return Math.min(maxMs, initialMs * 2 ** Math.max(0, failuresInARow - 1));
}

/**
 * Starts the child and starts it again whenever it stops, until `stop()`.
 * @param {SuperviseOptions} options
 */
export function supervise({
  name,
  start,
  initialDelayMs = 1000,
  maxDelayMs = 30_000,
  healthyAfterMs = 60_000,
  log = (message) => console.error(`[start] ${message}`),
}) {
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null;
  /** @type {NodeJS.Timeout | null} */
  let pending = null;
  let stopped = false;
  let failuresInARow = 0;
  const state = { starts: 0, delays: /** @type {number[]} */ ([]) };

  const launch = () => {
    pending = null;
    if (stopped) return;
    const startedAt = Date.now();
    state.starts += 1;
    const current = start();
    child = current;
    current.once('exit', (code, signal) => {
      if (child === current) child = null;
      if (stopped) return;
      // A child that ran a good while before stopping starts the count of quick failures again.
      failuresInARow = Date.now() - startedAt >= healthyAfterMs ? 1 : failuresInARow + 1;
      const delay = restartDelay(failuresInARow, initialDelayMs, maxDelayMs);
      state.delays.push(delay);
      log(
        `the ${name} stopped (${signal ?? `exit ${code}`}); starting it again in ${Math.round(delay / 100) / 10} s.`,
      );
      pending = setTimeout(launch, delay);
    });
  };
  launch();

  return {
    state,
    /** The running child, if any. */
    get child() {
      return child;
    },
    /** Starts nothing more, whatever happens to the child (the first step of stopping everything). */
    halt() {
      stopped = true;
      if (pending) clearTimeout(pending);
    },
    /** Stops supervising and the child (SIGTERM, then SIGKILL after `graceMs`); resolves once it exited. */
    stop(graceMs = 30_000) {
      this.halt();
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        const kill = setTimeout(() => running.kill('SIGKILL'), graceMs);
        running.once('exit', () => {
          clearTimeout(kill);
          resolve(undefined);
        });
        running.kill('SIGTERM');
      });
    },
  };
}
