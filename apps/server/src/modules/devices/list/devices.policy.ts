import { definePolicy } from '../../../lib/policy';

/** A device is its owner's alone: anyone else is told it does not exist (404). */
export const devicePolicy = definePolicy<{ userId: string; sessionId: string }>()({
  read: (actor, device) => actor !== null && actor.userId === device.userId,
  update: (actor, device) => actor !== null && actor.userId === device.userId,
  /**
   * A token renames only the device it signed in as (clipsync devices rename): names pick where sends go, and a
   * leaked token must not take another device's name to receive what was meant for it.
   */
  rename: (actor, device) =>
    actor !== null &&
    actor.userId === device.userId &&
    (actor.scopes === undefined || actor.sessionId === device.sessionId),
  /**
   * What a device does with what is sent to it is the signed-in browser's to say, not a token's: a leaked token
   * must not make a CLI paste into its clipboard unasked.
   */
  setReceivePolicy: (actor, device) => actor !== null && actor.userId === device.userId && actor.scopes === undefined,
  remove: (actor, device) => actor !== null && actor.userId === device.userId,
});
