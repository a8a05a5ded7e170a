/**
 * Clip, file, room and send ids: 22 base64url characters (128 random bits). A pattern without zod, so that
 * the service worker can check an id without bundling zod's classic API (schemas/push-message.ts).
 */
export const RESOURCE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
