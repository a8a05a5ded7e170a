import { parseJsonFrame, type JsonFrame } from './json-frame';
import type { NearPort } from './near-port';

interface RequestOptions {
  timeoutMs: number;
  /** The errors' words: no answer in time, or the channel closed first. */
  late: string;
  closed: string;
}

/**
 * Sends `request` over the channel and waits for the other end's answer to it, the frame naming the same
 * `challengeId`: `read` turns that frame into the answer, a refusal (an Error) or undefined (not an answer).
 */
export function requestOverChannel<T>(
  port: NearPort,
  request: { t: string; challengeId: string } & Record<string, unknown>,
  read: (frame: JsonFrame) => T | Error | undefined,
  { timeoutMs, late, closed }: RequestOptions,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const done = (settle: () => void) => {
      clearTimeout(timer);
      stopMessages();
      stopClose();
      settle();
    };
    const timer = setTimeout(() => done(() => reject(new Error(late))), timeoutMs);
    const stopClose = port.onClose(() => done(() => reject(new Error(closed))));
    const stopMessages = port.onMessage((data) => {
      const frame = parseJsonFrame(data);
      if (frame?.challengeId !== request.challengeId) return;
      const answer = read(frame);
      if (answer instanceof Error) done(() => reject(answer));
      else if (answer !== undefined) done(() => resolve(answer));
    });
    port.send(JSON.stringify(request));
  });
}
