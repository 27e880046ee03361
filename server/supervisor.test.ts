// The supervisor with real child processes: a child that dies is started again, after pauses that
// double with quick failures; stopping ends the child and starts nothing more.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { restartDelay, supervise } from './supervisor.js';

const node = (code: string) => () => spawn(process.execPath, ['-e', code], { stdio: 'ignore' });

async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('restartDelay', () => {
  it('doubles with each failure in a row, up to the most', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => restartDelay(n, 1000, 30_000))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('supervise', () => {
  it('starts a child that died again, with growing pauses', async () => {
    const messages: string[] = [];
    const supervised = supervise({
      name: 'back office',
      start: node('process.exit(3)'),
      initialDelayMs: 10,
      maxDelayMs: 40,
      log: (message) => messages.push(message),
    });
    await until(() => supervised.state.starts >= 4);
    await supervised.stop();
    expect(supervised.state.delays.slice(0, 3)).toEqual([10, 20, 40]);
    expect(messages[0]).toBe('the back office stopped (exit 3); starting it again in 0 s.');
  });

  it('counts from the start again after a child that ran well', async () => {
    const supervised = supervise({
      name: 'portal',
      start: node('setTimeout(() => process.exit(1), 60)'),
      initialDelayMs: 10,
      maxDelayMs: 1000,
      healthyAfterMs: 0,
      log: () => undefined,
    });
    await until(() => supervised.state.starts >= 3);
    await supervised.stop();
    expect(supervised.state.delays.slice(0, 2)).toEqual([10, 10]);
  });

  it('stops the running child and starts nothing after stop()', async () => {
    const supervised = supervise({
      name: 'back office',
      start: node('setInterval(() => {}, 1000)'),
      initialDelayMs: 10,
      log: () => undefined,
    });
    await until(() => supervised.child?.pid !== undefined);
    const child = supervised.child!;
    await supervised.stop();
    expect(child.signalCode).toBe('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(supervised.state.starts).toBe(1);
    expect(supervised.child).toBeNull();
  });

  it('starts nothing again once halted, even when the child stops by itself', async () => {
    const supervised = supervise({
      name: 'back office',
      start: node('setTimeout(() => process.exit(0), 100)'),
      initialDelayMs: 1,
      log: () => undefined,
    });
    await until(() => supervised.child?.pid !== undefined);
    const child = supervised.child!;
    supervised.halt();
    await new Promise((resolve) => child.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(supervised.state.starts).toBe(1);
  });
});
