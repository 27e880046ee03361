// The reference back office's log: one JSON object a line (pino), info and below on stdout, warnings
// and errors on stderr, written at once in this process (no worker thread).
import pino, { type DestinationStream, type Logger } from 'pino';

export function createBackofficeLog(level = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'backoffice' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ??
      pino.multistream(
        [
          { level: 'trace', stream: pino.destination({ dest: 1, sync: true }) },
          { level: 'warn', stream: pino.destination({ dest: 2, sync: true }) },
        ],
        { dedupe: true },
      ),
  );
}

let current = createBackofficeLog();

/** The log every part of the back office writes to. */
export function backofficeLog(): Logger {
  return current;
}

/** Replaces the log: main.ts with LOG_LEVEL's, tests with one writing to a stream. */
export function setBackofficeLog(log: Logger): void {
  current = log;
}
