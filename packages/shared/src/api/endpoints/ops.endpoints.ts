import { DevOutboxResponse } from '../../schemas/dev';
import { HealthResponse, ReadyResponse } from '../../schemas/health';
import { defineEndpoints } from '../endpoint';

/** For operators and their tools: liveness, readiness and (with METRICS_TOKEN) Prometheus' page. */
export const OPS_ENDPOINTS = defineEndpoints({
  health: { method: 'GET', path: '/health', response: HealthResponse },
  /** 503 with the same body when the database, Redis or the bucket cannot be reached. */
  ready: { method: 'GET', path: '/ready', response: ReadyResponse },
  /** Prometheus' text format, not JSON. */
  metrics: { method: 'GET', path: '/metrics' },
  /** The dev outbox: not in production, and for callers on the server's own machine only. */
  devOutbox: { method: 'GET', path: '/dev/outbox', response: DevOutboxResponse },
});
