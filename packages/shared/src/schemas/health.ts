import { z } from 'zod';

export const HealthResponse = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
export type HealthResponse = z.infer<typeof HealthResponse>;

const CheckState = z.enum(['ok', 'down', 'disabled']);

export const ReadyResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({ database: CheckState, redis: CheckState, storage: CheckState }),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;
