import { z } from 'zod';
import { ADMIN_INVITATIONS_PAGE_SIZE } from '../limits';
import { Email, InvitationToken } from './auth';
import { ResourceId } from './clips';

/**
 * Where an invitation stands: `pending` until it is used, revoked or past its expiry; `expired` is read from
 * the clock, so it needs no job to become true.
 */
export const ADMIN_INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export const AdminInvitationStatus = z.enum(ADMIN_INVITATION_STATUSES);
export type AdminInvitationStatus = z.infer<typeof AdminInvitationStatus>;

/** `POST /api/admin/invitations`: the address is lower-cased, as accounts' addresses are. */
export const CreateAdminInvitationRequest = z.strictObject({ email: Email });
export type CreateAdminInvitationRequest = z.infer<typeof CreateAdminInvitationRequest>;

/** `GET /api/admin/invitations`: newest first, optionally one status only. */
export const AdminInvitationListQuery = z.object({
  status: AdminInvitationStatus.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_INVITATIONS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AdminInvitationListQuery = z.infer<typeof AdminInvitationListQuery>;

/** An invitation as the console lists it: never its token, which only the mail carries. */
export const AdminInvitation = z.object({
  id: ResourceId,
  email: z.string(),
  status: AdminInvitationStatus,
  /** The admin who sent it last; null once that account is gone. */
  invitedByEmail: z.string().nullable(),
  /** When the mail was last sent: a renewed invitation counts from then. */
  sentAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type AdminInvitation = z.infer<typeof AdminInvitation>;

export const AdminInvitationList = z.object({ invitations: z.array(AdminInvitation), total: z.number().int() });
export type AdminInvitationList = z.infer<typeof AdminInvitationList>;

export const AdminInvitationIdParams = z.object({ id: ResourceId });
export type AdminInvitationIdParams = z.infer<typeof AdminInvitationIdParams>;

export const InvitationTokenParams = z.object({ token: InvitationToken });
export type InvitationTokenParams = z.infer<typeof InvitationTokenParams>;

/** What the sign-up page learns from a working invitation link: the address it is for. */
export const InvitationLookup = z.object({ email: z.string() });
export type InvitationLookup = z.infer<typeof InvitationLookup>;
