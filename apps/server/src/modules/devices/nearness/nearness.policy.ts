import { definePolicy } from '../../../lib/policy';

/**
 * Which device another may signal to and prove nearness with: the caller's own devices only, never the
 * calling device itself. Another user's device is told not to exist (404), as an unknown id is; the
 * calling device itself is 403.
 */
export const nearPeerPolicy = definePolicy<{ userId: string; sessionId: string }>()({
  read: (actor, device) => actor !== null && actor.userId === device.userId,
  signal: (actor, device) => actor !== null && actor.userId === device.userId && actor.sessionId !== device.sessionId,
  prove: (actor, device) => actor !== null && actor.userId === device.userId && actor.sessionId !== device.sessionId,
});
