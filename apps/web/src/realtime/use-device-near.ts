import type { DeviceNearPayload } from '@clipsync/shared';
import { useEffect, useRef } from 'react';
import { useDeviceCache } from '../api/device-queries';
import { useSocket } from './socket-context';

/**
 * `device:near` comes on the user's own channel when two of their devices proved they are near (whichever
 * posted the proof): the device list refetches (its `nearUntil`), and `onNear`, when given, hears the pair.
 */
export function useDeviceNear(onNear?: (payload: DeviceNearPayload) => void): void {
  const { socket } = useSocket();
  const cache = useDeviceCache();
  const latestOnNear = useRef(onNear);
  useEffect(() => {
    latestOnNear.current = onNear;
  });
  useEffect(() => {
    if (!socket) return;
    const onDeviceNear = (payload: DeviceNearPayload) => {
      void cache.refetchList();
      latestOnNear.current?.(payload);
    };
    socket.on('device:near', onDeviceNear);
    return () => {
      socket.off('device:near', onDeviceNear);
    };
  }, [socket, cache]);
}
