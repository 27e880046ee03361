// For log tests: a log written to memory, and the portal's server around a handler, logging there.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { createPortalApp, listenPortal, loadRefusalTexts } from '../../server/portal-server.js';

export type LogLine = Record<string, unknown>;

/** A log written to memory: the JSON objects of its lines, as they come. */
export function memoryLog() {
  const stream = new PassThrough();
  const lines: LogLine[] = [];
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    const complete = text.split('\n');
    text = complete.pop() ?? '';
    for (const line of complete) lines.push(JSON.parse(line) as LogLine);
  });
  return { stream, lines, raw: () => lines.map((line) => JSON.stringify(line)).join('\n') };
}

/** A line is written as its answer is finished, maybe after the client has it: waits for it. */
export async function lineOf(lines: LogLine[], test: (line: LogLine) => boolean): Promise<LogLine> {
  for (let tries = 0; tries < 100; tries++) {
    const found = lines.find(test);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no such log line in:\n${lines.map((line) => JSON.stringify(line)).join('\n')}`);
}

const refusalTexts = loadRefusalTexts();

type PortalOptions = Parameters<typeof createPortalApp>[0];

/** The portal's server (by default answering 204) on a free port; `close` stops them all. */
export function portalServers() {
  const servers: Server[] = [];
  return {
    async serve(options: Partial<PortalOptions> & Pick<PortalOptions, 'logger'>): Promise<string> {
      const app = createPortalApp({
        handler: (_req, res) => void res.status(204).end(),
        refusalTexts,
        ...options,
      });
      const server = await listenPortal(app, { port: 0, host: '127.0.0.1' });
      servers.push(server);
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () =>
      Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))),
  };
}
