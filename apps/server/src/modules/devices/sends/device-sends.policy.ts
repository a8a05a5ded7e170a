import { definePolicy } from '../../../lib/policy';

/**
 * Where a send may go: to the caller's own devices only, never back to the calling device itself. Another
 * user's device is told not to exist (404), as an unknown id is; the caller's own device is 403.
 */
export const sendTargetPolicy = definePolicy<{ userId: string; sessionId: string }>()({
  read: (actor, device) => actor !== null && actor.userId === device.userId,
  sendTo: (actor, device) => actor !== null && actor.userId === device.userId && actor.sessionId !== device.sessionId,
});

/** What may be sent: the caller's own clips; anyone else's is 404, whoever holds its link. */
export const sentClipPolicy = definePolicy<{ userId: string }>()({
  read: (actor, clip) => actor !== null && actor.userId === clip.userId,
  send: (actor, clip) => actor !== null && actor.userId === clip.userId,
});

/**
 * A send is its target device's: only that device (its session's sockets and calls) reads or acknowledges
 * it. The sender, the account's other devices and anyone else are told it does not exist.
 */
export const deviceSendPolicy = definePolicy<{ userId: string; toSessionId: string }>()({
  read: (actor, send) => actor !== null && actor.userId === send.userId && actor.sessionId === send.toSessionId,
  ack: (actor, send) => actor !== null && actor.userId === send.userId && actor.sessionId === send.toSessionId,
});
