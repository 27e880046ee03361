// Reading a request body as it arrives, within a limit: the one loop behind `readBody` (the body kept
// whole) and `readFileBody` (JSON parsed as it comes, only the decoded files kept).
import type { IncomingMessage } from 'node:http';
import { refuse } from './http';

export interface BodyStream<T> {
  /** Past this many bytes: 413, and the rest is dropped by `discard`. */
  limit: number;
  /** Reads the rest of the body and drops it (`discardBody`). */
  discard: (request: IncomingMessage) => void;
  /** Each piece as it arrives; throwing refuses the body (the rest is dropped). */
  take: (chunk: Buffer) => void;
  /** The result once the body has ended; throwing refuses it. */
  finish: () => T;
}

export function streamBody<T>(
  request: IncomingMessage,
  { limit, discard, take, finish }: BodyStream<T>,
): Promise<T> {
  if (Number(request.headers['content-length']) > limit) {
    discard(request);
    return Promise.reject(refuse.tooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    let size = 0;
    const settle = () => {
      request.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      try {
        if (size > limit) throw refuse.tooLarge(limit);
        take(chunk);
      } catch (error) {
        settle();
        discard(request);
        reject(error);
      }
    };
    const onEnd = () => {
      settle();
      try {
        resolve(finish());
      } catch (error) {
        reject(error);
      }
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    const onClose = () => {
      settle();
      reject(new Error('The client closed the connection before the body ended'));
    };
    request.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}
