import {
  DEVICE_ENDPOINTS,
  DEVICE_SEND_ENDPOINTS,
  type CreateDeviceSendRequest,
  type Device,
  type DeviceList,
  type DevicePresencePayload,
  type RegisterDeviceRequest,
  type UpdateDeviceRequest,
} from '@clipsync/shared';
import { encryptText } from '@clipsync/shared/crypto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { newClipKey } from '../lib/clipboard-key/clip-keys';
import { ApiError } from './api-error';
import { clipboardKeyKeys } from './clipboard-key-queries';
import { call } from './client';
import { deviceKeys } from './query-keys';

/** The account's devices, oldest first, with whether each is online now. */
export function useDevices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: deviceKeys.list, queryFn: () => call(DEVICE_ENDPOINTS.list), enabled });
}

/**
 * Registers this browser (or installed app) as a device of the signed-in user, once per user and page
 * load: the server answers the same device for every later call of the session, so asking again after a
 * reload costs one request and changes nothing (the name the user chose stays).
 */
export function useRegisterThisDevice(userId: string | undefined, registration: RegisterDeviceRequest) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: deviceKeys.thisDevice(userId ?? ''),
    queryFn: async () => {
      const device = await call(DEVICE_ENDPOINTS.register, { body: registration });
      // A list read before the registration lacks this device, or does not know it as the current one.
      void queryClient.invalidateQueries({ queryKey: deviceKeys.list });
      return device;
    },
    enabled: Boolean(userId),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/**
 * What waited for this device while it was away, asked once per page load once it is registered (the
 * socket brings the rest, and brings these again: the caller acts on each id once).
 */
export function usePendingSends(userId: string | undefined, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: deviceKeys.pendingSends(userId ?? ''),
    queryFn: () => call(DEVICE_SEND_ENDPOINTS.pending),
    enabled: enabled && Boolean(userId),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** Changes to the cached list that come from outside a query: live presence, a rename, a removal. */
export function useDeviceCache() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const update = (change: (devices: Device[]) => Device[]) =>
      queryClient.setQueryData<DeviceList>(deviceKeys.list, (list) => list && { devices: change(list.devices) });
    return {
      /**
       * Applies a presence change; false when the list must be asked again: the device is not in the cached
       * list, the change was told late, or a read of the list in flight would overwrite it.
       */
      applyPresence: ({ deviceId, online, lastSeenAt }: DevicePresencePayload): boolean => {
        const list = queryClient.getQueryData<DeviceList>(deviceKeys.list);
        const known = list?.devices.find((device) => device.id === deviceId);
        if (!known) return false;
        // Older than what the list holds: told late (a registration's "offline", computed just before its
        // socket opened, may arrive after the socket's "online"). Each event's time is its last seen. Not
        // applied, and not trusted either: the list itself may be the stale side (read just before a
        // reloaded page's socket opened, it says offline while that socket's "online" is older than it), so
        // the server, which asks the sockets, is asked again.
        if (Date.parse(lastSeenAt) < Date.parse(known.lastSeenAt)) return false;
        update((devices) =>
          devices.map((device) => (device.id === deviceId ? { ...device, online, lastSeenAt } : device)),
        );
        // A read of the list still on its way may have been answered before this change and would put the
        // old state back when it lands: it is asked again (refetchList cancels it), so the change holds.
        return queryClient.isFetching({ queryKey: deviceKeys.list }) === 0;
      },
      replaceDevice: (next: Device) => {
        update((devices) => devices.map((device) => (device.id === next.id ? next : device)));
        // This device's registration holds its receive policy, which the inbox follows.
        if (next.current) queryClient.setQueriesData<Device>({ queryKey: ['devices', 'this'] }, next);
      },
      /** This device as the cached list knows it (read when needed, so no screen subscribes for it). */
      currentDevice: (): Device | undefined =>
        queryClient.getQueryData<DeviceList>(deviceKeys.list)?.devices.find((device) => device.current),
      forgetDevice: (id: string) => update((devices) => devices.filter((device) => device.id !== id)),
      /**
       * Reads the list anew. A read on its way is cancelled first: an invalidation alone joins a first read
       * still on its way (TanStack cancels only reads of a list it already has), and that read may have been
       * answered before the change that asks for this one.
       */
      refetchList: async () => {
        await queryClient.cancelQueries({ queryKey: deviceKeys.list });
        await queryClient.invalidateQueries({ queryKey: deviceKeys.list });
      },
    };
  }, [queryClient]);
}

/** Renames a device or sets what it does with a send; the list shows the server's answer. */
export function useUpdateDevice() {
  const cache = useDeviceCache();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateDeviceRequest & { id: string }) =>
      call(DEVICE_ENDPOINTS.update, { params: { id }, body }),
    onSuccess: (device) => cache.replaceDevice(device),
  });
}

/**
 * What is sent to some of the account's devices: one of its clips (sealed already when its clipboard is), or text.
 * Text says what it is sealed with: the account's sealing key when its clipboard is encrypted end to end
 * (docs/encryption.md#account-keys), `null` only when it is not. No caller can send text without deciding.
 */
export type DeviceSendInput = Pick<CreateDeviceSendRequest, 'to'> &
  ({ clipId: string } | { text: string; sealWith: CryptoKey | null });

/** Sealed text goes as its envelope and its own clip key, wrapped: the server never holds it in clear. */
async function bodyOf(send: DeviceSendInput): Promise<CreateDeviceSendRequest> {
  if ('clipId' in send) return { to: send.to, clipId: send.clipId };
  if (!send.sealWith) return { to: send.to, text: send.text };
  const { key, wrappedKey } = await newClipKey(send.sealWith);
  return { to: send.to, text: await encryptText(send.text, key), wrappedKey };
}

/** Sends text or a clip to some of the account's other devices: one answer per device, delivered or queued. */
export function useSendToDevices() {
  const cache = useDeviceCache();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (send: DeviceSendInput) => call(DEVICE_SEND_ENDPOINTS.create, { body: await bodyOf(send) }),
    onError: (error) => {
      // Refused for a device whose receiving was turned off meanwhile: the list learns it.
      void cache.refetchList();
      // Text in clear from an account whose clipboard was sealed elsewhere since this page asked: it asks again.
      if (error instanceof ApiError && error.code === 'CLIPBOARD_SEALED')
        void queryClient.invalidateQueries({ queryKey: clipboardKeyKeys.status });
    },
  });
}

/** Signs a device out: its session ends on the server, and it leaves the list at once. */
export function useRemoveDevice() {
  const cache = useDeviceCache();
  return useMutation({
    mutationFn: (id: string) => call(DEVICE_ENDPOINTS.remove, { params: { id } }),
    onSuccess: (_result, id) => cache.forgetDevice(id),
  });
}
