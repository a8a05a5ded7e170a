/**
 * What the web app's service worker takes from this package. The package's main entry loads every schema and
 * zod's classic API with them (~110 KB gzip, which no bundler can drop: building a schema is a call); these
 * modules use neither, so the worker stays within its 30 KB gzip (bench/service-worker.ts).
 */
export { PushMessage, type PushKind } from './schemas/push-message';
export { isSameOriginPath } from './same-origin-path';
export { shareContent } from './share-content';
