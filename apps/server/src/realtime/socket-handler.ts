import type { SocketAck } from '@clipsync/shared';
import type { z } from 'zod';
import { AppError } from '../lib/app-error';
import { describeFirstIssue } from '../lib/describe-first-issue';

/**
 * Every area's socket events go through this, as its routes go through Fastify's schemas: the payload
 * is parsed with the shared zod schema, the service runs, and the ack says `{ ok: true }` or carries the
 * same `{ error, code }` an HTTP call would. Nothing a client sends can throw past it.
 */
export function handleEvent<S extends z.ZodType>(schema: S, run: (payload: z.infer<S>) => Promise<void>) {
  return async (payload: unknown, ack?: SocketAck): Promise<void> => {
    const respond: SocketAck = typeof ack === 'function' ? ack : () => undefined;
    const parsed = schema.safeParse(payload);
    if (!parsed.success)
      return respond({
        ok: false,
        error: describeFirstIssue('payload', parsed.error.issues[0]),
        code: 'VALIDATION_FAILED',
      });
    try {
      await run(parsed.data);
      respond({ ok: true });
    } catch (error) {
      const appError = error instanceof AppError ? error : new AppError('INTERNAL');
      const current = appError.current ? { current: appError.current } : {};
      respond({ ok: false, error: appError.message, code: appError.code, ...current });
    }
  };
}
