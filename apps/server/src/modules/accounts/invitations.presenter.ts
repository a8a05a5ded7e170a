import type { AdminInvitation, AdminInvitationStatus } from '@clipsync/shared';
import type { adminInvitations } from '../../db/schema';

export type AdminInvitationRow = typeof adminInvitations.$inferSelect;

/** The row as listed, with its status (read in SQL or from the clock) and who sent it. */
export function toAdminInvitation(
  row: AdminInvitationRow,
  status: AdminInvitationStatus,
  invitedByEmail: string | null,
): AdminInvitation {
  return {
    id: row.id,
    email: row.email,
    status,
    invitedByEmail,
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
