import type { Actor } from './actor';
import { AppError } from './app-error';

export type { Actor } from './actor';

export type Policy<Resource, Action extends string> = Record<Action, (actor: Actor, resource: Resource) => boolean>;

export function definePolicy<Resource>() {
  return <Action extends string>(rules: Policy<Resource, Action>) => rules;
}

/** What the actor may do with the resource, action by action: the `abilities` of a response. */
export function abilitiesOf<Resource, Action extends string>(
  policy: Policy<Resource, Action>,
  actions: readonly Action[],
  actor: Actor,
  resource: Resource,
): Record<Action, boolean> {
  return Object.fromEntries(actions.map((action) => [action, policy[action](actor, resource)])) as Record<
    Action,
    boolean
  >;
}

/**
 * Throws unless the actor may act. One who may not even read the resource gets 404, so its existence does
 * not leak; one who may read but not act gets 403.
 */
export function authorize<Resource, Action extends string>(
  policy: Policy<Resource, NoInfer<Action> | 'read'>,
  action: Action,
  actor: Actor,
  resource: Resource,
): void {
  if (policy[action](actor, resource)) return;
  if (!policy.read(actor, resource)) throw new AppError('NOT_FOUND');
  throw new AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
}
