import {
  DEVICE_KINDS,
  RECEIVE_POLICIES,
  type Device,
  type DeviceKind,
  type DevicePresencePayload,
  type ReceivePolicy,
} from '@clipsync/shared';
import type { DeviceRow } from '../devices.context';

const isKind = (kind: string): kind is DeviceKind => (DEVICE_KINDS as readonly string[]).includes(kind);
const isPolicy = (policy: string): policy is ReceivePolicy => (RECEIVE_POLICIES as readonly string[]).includes(policy);

export const kindOf = (row: DeviceRow): DeviceKind => (isKind(row.kind) ? row.kind : 'browser');
export const receivePolicyOf = (row: DeviceRow): ReceivePolicy =>
  isPolicy(row.receivePolicy) ? row.receivePolicy : 'ask';

/**
 * A device as its owner sees it; `online` from its session's sockets, `current` for the caller's own,
 * `nearUntil` when it is proved near the calling device (decision 030).
 */
export function presentDevice(
  row: DeviceRow,
  options: { online: boolean; callerSessionId: string; nearUntil?: Date | undefined },
): Device {
  return {
    id: row.id,
    name: row.name,
    kind: kindOf(row),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    online: options.online,
    current: row.sessionId === options.callerSessionId,
    receivePolicy: receivePolicyOf(row),
    nearUntil: options.nearUntil?.toISOString() ?? null,
    hasKey: row.publicKey !== null,
  };
}

export function presencePayload(deviceId: string, online: boolean, lastSeenAt: Date): DevicePresencePayload {
  return { deviceId, online, lastSeenAt: lastSeenAt.toISOString() };
}
