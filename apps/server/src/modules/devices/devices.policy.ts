import { definePolicy } from '../../lib/policy';

/** A device is its owner's alone: anyone else is told it does not exist (404). */
export const devicePolicy = definePolicy<{ userId: string }>()({
  read: (actor, device) => actor !== null && actor.userId === device.userId,
  update: (actor, device) => actor !== null && actor.userId === device.userId,
  remove: (actor, device) => actor !== null && actor.userId === device.userId,
});
