import { z } from 'zod';
import { ADMIN_USERS_PAGE_MAX, ADMIN_USERS_PAGE_SIZE, ADMIN_USERS_SEARCH_MAX } from '../limits';
import { PLAN_IDS } from '../plans';
import { UserRole } from './auth';
import { PlanSource } from './billing';
import { SortOrder } from './rooms';
import { text } from './text';

export const ADMIN_USER_SORTS = ['created', 'storage', 'lastSeen'] as const;
export const AdminUserSort = z.enum(ADMIN_USER_SORTS);
export type AdminUserSort = z.infer<typeof AdminUserSort>;
export type AdminUserOrder = z.infer<typeof SortOrder>;

/**
 * The users directory: `q` matches a part of a name or an address, whatever its case; paged by offset with
 * the total, as the clip history is. An empty `q` lists everyone.
 */
export const AdminUserListQuery = z.object({
  q: text()
    .trim()
    .max(ADMIN_USERS_SEARCH_MAX)
    .optional()
    .transform((value) => value || undefined),
  sort: AdminUserSort.default('created'),
  order: SortOrder.default('desc'),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_PAGE_MAX).default(ADMIN_USERS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>;

/** One account as the directory lists it. `plan` is the plan in force now (a granted one first), null without one. */
export const AdminUserRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: UserRole,
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
  storageBytes: z.number().int().min(0),
  plan: z.enum(PLAN_IDS).nullable(),
  /** Where `plan` comes from, by the account page's rule: a trial reads "Free trial" on both. */
  planSource: PlanSource,
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

/** `isTotalCapped`: the count stopped ADMIN_USERS_TOTAL_AHEAD accounts past the page's start, and there are more. */
export const AdminUserPage = z.object({
  users: z.array(AdminUserRow),
  total: z.number().int().min(0),
  isTotalCapped: z.boolean(),
});
export type AdminUserPage = z.infer<typeof AdminUserPage>;
