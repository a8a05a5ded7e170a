import type { AdminUserRow } from '@clipsync/shared';
import type { DirectoryRow } from './users-directory.service';

export function presentDirectoryRow(row: DirectoryRow): AdminUserRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    storageBytes: Math.max(0, row.storedBytes),
    plan: row.plan.plan,
    planSource: row.plan.source,
  };
}
