import { ADMIN_INVITATION_TTL_DAYS } from '@clipsync/shared';
import type {
  AdminInvitation,
  AdminInvitationList,
  AdminInvitationListQuery,
  AdminInvitationStatus,
  InvitationLookup,
} from '@clipsync/shared';
import { and, count, desc, eq, gt, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { adminInvitations, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashToken, newId, newSecretToken } from '../../lib/secure-tokens';
import { adminInvitationMail } from '../../mail/templates/admin-invitation-mails';
import type { InvitationsContext } from './invitations.context';
import { toAdminInvitation } from './invitations.presenter';

const TTL_MS = ADMIN_INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
const invitations = adminInvitations;

/** Neither used nor revoked: the one an address may have, which inviting it again renews. */
const isOpen = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));
/** Expiry is read from the database's clock, so "expired" needs no job to become true. */
const isUnexpired = gt(invitations.expiresAt, sql`now()`);

const STATUS_FILTER: Record<AdminInvitationStatus, SQL | undefined> = {
  pending: and(isOpen, isUnexpired),
  accepted: isNotNull(invitations.acceptedAt),
  expired: and(isOpen, lte(invitations.expiresAt, sql`now()`)),
  revoked: and(isNotNull(invitations.revokedAt), isNull(invitations.acceptedAt)),
};

const statusOf = sql<AdminInvitationStatus>`case
  when ${invitations.acceptedAt} is not null then 'accepted'
  when ${invitations.revokedAt} is not null then 'revoked'
  when ${invitations.expiresAt} <= now() then 'expired'
  else 'pending' end`;

/** Invitations with their status and sender, in one query (no lookup per row). */
async function selectInvitations(db: Database, where: SQL | undefined, page?: { limit: number; offset: number }) {
  const query = db
    .select({ row: invitations, status: statusOf, invitedByEmail: users.email })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(where)
    .orderBy(desc(invitations.sentAt), desc(invitations.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map(({ row, status, invitedByEmail }) => toAdminInvitation(row, status, invitedByEmail));
}

/** Newest first, paged and filtered in SQL. */
export async function listInvitations(
  ctx: InvitationsContext,
  query: AdminInvitationListQuery,
): Promise<AdminInvitationList> {
  const where = query.status ? STATUS_FILTER[query.status] : undefined;
  const [page, [counted]] = await Promise.all([
    selectInvitations(ctx.db, where, query),
    ctx.db.select({ total: count() }).from(invitations).where(where),
  ]);
  return { invitations: page, total: counted?.total ?? 0 };
}

/**
 * Mails an invitation to `email`. An address whose account is confirmed is refused (409: the admin may know
 * who has an account); an unconfirmed account is no one's yet, and the invited sign-up takes it over. An
 * address with an open invitation gets that one renewed: a new link (the old one stops working, since only
 * hashes are kept) and a new expiry, never a second row.
 */
export async function createInvitation(
  ctx: InvitationsContext,
  adminId: string,
  email: string,
  linkOrigin: string,
): Promise<AdminInvitation> {
  const [account] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.emailConfirmedAt)));
  if (account) throw new AppError('CONFLICT', 'This address already has an account');
  const token = newSecretToken();
  const sent = {
    tokenHash: hashToken(token),
    invitedBy: adminId,
    sentAt: new Date(),
    expiresAt: new Date(Date.now() + TTL_MS),
  };
  const [row] = await ctx.db
    .insert(invitations)
    .values({ id: newId(), email, ...sent })
    .onConflictDoUpdate({ target: invitations.email, targetWhere: isOpen, set: sent })
    .returning({ id: invitations.id });
  if (!row) throw new AppError('INTERNAL');
  const url = `${linkOrigin}/register?invitation=${encodeURIComponent(token)}`;
  ctx.mail.enqueue(() => adminInvitationMail(email, url));
  const [created] = await selectInvitations(ctx.db, eq(invitations.id, row.id));
  if (!created) throw new AppError('INTERNAL');
  return created;
}

/** Its link stops working at once. An unknown id is 404, a used invitation 409; revoking twice is no error. */
export async function revokeInvitation(ctx: InvitationsContext, id: string): Promise<void> {
  const [revoked] = await ctx.db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(invitations.id, id), isOpen))
    .returning({ id: invitations.id });
  if (revoked) return;
  const [row] = await ctx.db
    .select({ acceptedAt: invitations.acceptedAt })
    .from(invitations)
    .where(eq(invitations.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'No such invitation');
  if (row.acceptedAt) throw new AppError('CONFLICT', 'This invitation was already used');
}

/**
 * The address a working link invites. Unknown, used, revoked and expired links get the same answer, so a
 * link's answer tells nothing of what became of it.
 */
export async function lookupInvitation(db: Database, token: string): Promise<InvitationLookup> {
  const [row] = await db
    .select({ email: invitations.email })
    .from(invitations)
    .where(and(eq(invitations.tokenHash, hashToken(token)), isOpen, isUnexpired));
  if (!row) throw new AppError('INVITATION_INVALID');
  return row;
}

/**
 * Marks the invitation used, inside the sign-up's transaction: the check and the write are one statement, so
 * of two sign-ups racing with one link only one finds it open (the other gets INVITATION_INVALID and its
 * account is rolled back).
 */
export async function acceptInvitation(tx: Transaction, token: string, email: string): Promise<void> {
  const [accepted] = await tx
    .update(invitations)
    .set({ acceptedAt: new Date() })
    .where(and(eq(invitations.tokenHash, hashToken(token)), eq(invitations.email, email), isOpen, isUnexpired))
    .returning({ id: invitations.id });
  if (!accepted) throw new AppError('INVITATION_INVALID');
}
