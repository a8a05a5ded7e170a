import { definePolicy } from '../../lib/policy';

/** A token is its owner's alone: anyone else is told it does not exist. */
export const tokenPolicy = definePolicy<{ userId: string }>()({
  read: (actor, token) => actor !== null && actor.userId === token.userId,
  revoke: (actor, token) => actor !== null && actor.userId === token.userId,
});
