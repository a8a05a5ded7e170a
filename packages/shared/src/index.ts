/**
 * The contract the server, the web app and the CLI share; it imports nothing of ours. `errors.ts`: the error
 * codes and the `{ error, code }` body. `events.ts`: the Socket.IO event maps, the server's payload schemas and
 * the channel names (what clients emit, with `CLIENT_EVENT_PAYLOADS`, is in `schemas/client-events.ts`).
 * `limits.ts`: what the server enforces and the schemas use. `plans.ts`: prices and features. `routes.ts`:
 * `APP_ROUTES`, the web's route table, which the server also answers. `text-size.ts`: a text's UTF-8 bytes, as
 * text limits count them. `api/`: the endpoint tables (each call's method, path under `/api`, schemas, status
 * and token `scope`), `pathTo`, and `API_TABLES`, every table for the checks that walk them. `schemas/`: one
 * file per area, and `text()`, the one string of requests and emits (no U+0000, which PostgreSQL's text
 * refuses; `api/input-strings.test.ts` fails on a field that takes one). `crypto/` and `testing/` are entries
 * of their own (`@clipsync/shared/crypto`, `@clipsync/shared/testing`).
 */
export * from './errors';
export * from './file-over-quota';
export * from './events';
export * from './limits';
export * from './text-size';
export * from './unsafe-characters';
export * from './user-agent';
export * from './plans';
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
