import type { PublicUser } from '@clipsync/shared';
import type { users } from '../../db/schema';

export function toPublicUser(user: typeof users.$inferSelect): PublicUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    emailConfirmedAt: user.emailConfirmedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    role: user.role,
  };
}
