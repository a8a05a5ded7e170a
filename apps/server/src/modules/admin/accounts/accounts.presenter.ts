import type { AdminAccount, AdminAccountDevice } from '@clipsync/shared';
import type { users } from '../../../db/schema';
import type { UserStorage } from '../../../lib/storage-quota';
import { kindOf } from '../../devices/list/devices.presenter';
import type { DeviceRow } from '../../devices/devices.context';

type UserRow = typeof users.$inferSelect;

export interface AccountPlan {
  plan: AdminAccount['plan']['id'];
  source: AdminAccount['plan']['source'];
  until: Date | null;
}

export function presentAccountDevice(row: DeviceRow): AdminAccountDevice {
  return { id: row.id, name: row.name, kind: kindOf(row), lastSeenAt: row.lastSeenAt.toISOString() };
}

/** An account as its admin sees it, from its row and what was read beside it. */
export function presentAdminAccount(
  user: UserRow,
  facts: { lastSeenAt: Date | null; plan: AccountPlan; storage: UserStorage; devices: DeviceRow[] },
): AdminAccount {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    emailConfirmedAt: user.emailConfirmedAt?.toISOString() ?? null,
    disabledAt: user.disabledAt?.toISOString() ?? null,
    lastSeenAt: facts.lastSeenAt?.toISOString() ?? null,
    plan: { id: facts.plan.plan, source: facts.plan.source, until: facts.plan.until?.toISOString() ?? null },
    storage: facts.storage,
    devices: facts.devices.map(presentAccountDevice),
  };
}
