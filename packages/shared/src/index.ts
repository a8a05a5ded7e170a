/**
 * The contract the server, the web app and the CLI share; it imports nothing of ours. Every request, answer
 * and socket payload is a zod schema here, every call an endpoint table entry (method, path under `/api`,
 * schemas, statuses and token scope), every error a code with the `{ error, code }` body, every limit the
 * server enforces a constant the schemas use. One string type takes request text (no U+0000, which PostgreSQL's
 * text refuses). The browser-only crypto and the test helpers are entries of their own
 * (`@clipsync/shared/crypto`, `@clipsync/shared/testing`).
 */
export * from './errors';
export * from './file-over-quota';
export * from './events';
export * from './limits';
export * from './text-size';
export * from './unsafe-characters';
export * from './user-agent';
export * from './plans';
export * from './roles';
export * from './schemas/health';
export * from './schemas/auth';
export * from './schemas/clips';
export * from './schemas/uploads';
export * from './schemas/text';
export * from './schemas/network';
export * from './routes';
export * from './schemas/rooms';
export * from './schemas/desktop';
export * from './schemas/billing';
export * from './schemas/dev';
export * from './schemas/tokens';
export * from './schemas/device-sign-in';
export * from './api/endpoint';
export * from './api/endpoints';
export * from './api/api-error';
export * from './api/call-types';
export * from './api/create-api-client';
export * from './api/query-string';
export * from './api/refusal';
export * from './schemas/devices';
export * from './schemas/device-sends';
export * from './schemas/nearness';
export * from './schemas/share-claims';
export * from './share-content';
export * from './schemas/admin-invitations';
export * from './schemas/admin-accounts';
export * from './schemas/moderation';
export * from './schemas/audit';
export * from './schemas/admin-users';
export * from './schemas/admin-overview';
export * from './schemas/sso';
export * from './schemas/web-push';
export * from './schemas/history-retention';
export * from './schemas/clipboard-key';
export * from './schemas/push-message';
export * from './same-origin-path';
export * from './resource-id';
