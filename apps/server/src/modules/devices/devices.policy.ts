import { definePolicy } from '../../lib/policy';

/** A device is its owner's alone: anyone else is told it does not exist (404). */
export const devicePolicy = definePolicy<{ userId: string }>()({
  read: (actor, device) => actor !== null && actor.userId === device.userId,
  update: (actor, device) => actor !== null && actor.userId === device.userId,
  /**
   * What a device does with what is sent to it is the signed-in browser's to say, not a token's: a leaked token
   * must not make a CLI paste into its clipboard unasked. A token may still rename (clipsync devices rename).
   */
  setReceivePolicy: (actor, device) => actor !== null && actor.userId === device.userId && actor.scopes === undefined,
  remove: (actor, device) => actor !== null && actor.userId === device.userId,
});
