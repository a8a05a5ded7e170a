import { z } from 'zod';
import { ADMIN_PLAN_GRANT_DAYS_MAX } from '../limits';
import { DEVICE_KINDS } from './devices';
import { RegisterRequest, UserRole } from './auth';
import { PlanIdSchema, PlanSource } from './billing';
import { text } from './text';
import { ResourceId } from './clips';

/** An account's id in the admin console's paths; a forged one is a 404 like an unknown one. */
export const AdminAccountParams = z.object({ id: ResourceId });
export type AdminAccountParams = z.infer<typeof AdminAccountParams>;

/** Whose storage quota applies: the server's (every plan's) or one an admin set for this account. */
export const QuotaSource = z.enum(['plan', 'admin']);
export type QuotaSource = z.infer<typeof QuotaSource>;

export const AdminAccountDevice = z.object({
  id: ResourceId,
  name: z.string(),
  kind: z.enum(DEVICE_KINDS),
  lastSeenAt: z.iso.datetime(),
});
export type AdminAccountDevice = z.infer<typeof AdminAccountDevice>;

/** `GET /api/admin/users/:id`: one account as its admin sees it. */
export const AdminAccount = z.object({
  id: ResourceId,
  name: z.string(),
  email: z.string(),
  role: UserRole,
  createdAt: z.iso.datetime(),
  emailConfirmedAt: z.iso.datetime().nullable(),
  disabledAt: z.iso.datetime().nullable(),
  /** The newest last sight of any of the account's devices; null when it has none. */
  lastSeenAt: z.iso.datetime().nullable(),
  /** `until`: the grant's end, the paid period's end or the trial's end; null without a plan. */
  plan: z.object({ id: PlanIdSchema.nullable(), source: PlanSource, until: z.iso.datetime().nullable() }),
  storage: z.object({
    usedBytes: z.number().int().nonnegative(),
    quotaBytes: z.number().int().nonnegative(),
    quotaSource: QuotaSource,
  }),
  /** Its signed-in devices (browsers, apps, CLIs), most recently seen first. */
  devices: z.array(AdminAccountDevice),
});
export type AdminAccount = z.infer<typeof AdminAccount>;

const DAY_MS = 24 * 60 * 60 * 1000;
const IsoDateTime = z.iso.datetime({ offset: true });

/**
 * `PUT /api/admin/users/:id/plan`: a plan given without Stripe until a moment in the future, at most
 * ADMIN_PLAN_GRANT_DAYS_MAX days away (a grant that never ends is a typo more often than a wish).
 */
export const GrantPlanRequest = z.object({
  plan: PlanIdSchema,
  until: text()
    .refine((until) => IsoDateTime.safeParse(until).success, 'Must be an ISO 8601 date and time')
    .refine((until) => Date.parse(until) > Date.now(), 'The date must be in the future')
    .refine(
      (until) => Date.parse(until) <= Date.now() + ADMIN_PLAN_GRANT_DAYS_MAX * DAY_MS,
      `The date must be within ${ADMIN_PLAN_GRANT_DAYS_MAX / 365} years`,
    ),
});
export type GrantPlanRequest = z.infer<typeof GrantPlanRequest>;

/** `PUT /api/admin/users/:id/quota`: bytes, or null for the plan's (the server's) quota again. */
export const SetQuotaRequest = z.object({
  bytes: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).nullable(),
});
export type SetQuotaRequest = z.infer<typeof SetQuotaRequest>;

/** `PUT /api/admin/users/:id/role`. */
export const SetRoleRequest = z.object({ role: UserRole });
export type SetRoleRequest = z.infer<typeof SetRoleRequest>;

/** `DELETE /api/admin/users/:id`: the account's address as the admin typed it, to confirm. */
export const DeleteAccountRequest = z.object({ email: text().trim().min(1).max(320) });
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

/**
 * `POST /api/admin/users`: an account an admin makes (a closed server's door). The person sets its password
 * through the mailed link, which also confirms the address.
 */
export const CreateAccountRequest = RegisterRequest.pick({ email: true, name: true });
export type CreateAccountRequest = z.infer<typeof CreateAccountRequest>;
