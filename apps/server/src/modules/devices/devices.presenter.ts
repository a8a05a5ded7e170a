import { DEVICE_KINDS, type Device, type DeviceKind, type DevicePresencePayload } from '@clipsync/shared';
import type { DeviceRow } from './devices.context';

const isKind = (kind: string): kind is DeviceKind => (DEVICE_KINDS as readonly string[]).includes(kind);

/** A device as its owner sees it; `online` from its session's sockets, `current` for the caller's own. */
export function presentDevice(row: DeviceRow, options: { online: boolean; callerSessionId: string }): Device {
  return {
    id: row.id,
    name: row.name,
    kind: isKind(row.kind) ? row.kind : 'browser',
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    online: options.online,
    current: row.sessionId === options.callerSessionId,
  };
}

export function presencePayload(deviceId: string, online: boolean, lastSeenAt: Date): DevicePresencePayload {
  return { deviceId, online, lastSeenAt: lastSeenAt.toISOString() };
}
