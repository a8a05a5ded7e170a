import type { Device, DeviceSendPayload } from '@clipsync/shared';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** This browser as the server answers its registration: online, the current device. */
export function makeDevice(overrides: Partial<Device> = {}): Device {
  return {
    id: 'DEVICE0THISBROWSER0001',
    name: 'Chrome on Linux',
    kind: 'browser',
    createdAt: minutesAgo(60 * 24),
    lastSeenAt: minutesAgo(0),
    online: true,
    current: true,
    receivePolicy: 'ask',
    ...overrides,
  };
}

/** The account's other devices: a phone online, a laptop's CLI last seen 5 minutes ago. */
export const phone = makeDevice({ id: 'DEVICE0PHONE0000000001', name: 'Safari on iPhone', current: false });
export const laptopCli = makeDevice({
  id: 'DEVICE0LAPTOPCLI000001',
  name: 'clipsync CLI',
  kind: 'cli',
  current: false,
  online: false,
  lastSeenAt: minutesAgo(5),
});

/** A send as `device:send` carries it, from the phone. */
export function makeDeviceSend(overrides: Partial<DeviceSendPayload> = {}): DeviceSendPayload {
  return {
    id: 'SEND000000000000000001',
    from: { deviceId: phone.id, name: phone.name },
    sentAt: minutesAgo(0),
    text: 'hello from the phone',
    ...overrides,
  };
}
