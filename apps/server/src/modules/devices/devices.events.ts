import type { DeviceSendPayload } from '@clipsync/shared';

declare module '../../lib/domain-events' {
  interface DomainEventMap {
    /** One of the user's devices came online or went offline: the account's sockets hear it. */
    'device.presence-changed': { userId: string; deviceId: string; online: boolean; lastSeenAt: string };
    /** Two of the user's devices proved they are near (decision 030): the account's sockets hear it. */
    'device.proved-near': { userId: string; deviceIds: [string, string]; nearUntil: string };
    /** A send for one device, stored and (again) due: the sockets of that device's session hear it. */
    'device.send-due': { sessionId: string; send: DeviceSendPayload };
    /** A send stored for a device with no socket open: it waits, and the device may be told by Web Push. */
    'device.send-queued': { sendId: string; toDeviceId: string };
    /** A new device signed in to the account (a browser or app registered itself): its other devices may be told. */
    'device.added': { userId: string; deviceId: string; name: string; at: string };
  }
}
