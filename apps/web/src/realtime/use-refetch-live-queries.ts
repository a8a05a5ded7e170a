import { partialMatchKey, useQueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isRefusal } from '../api/api-error';
import { clipKeys, deviceKeys, roomKeys } from '../api/query-keys';
import { useSocket } from './socket-context';

/**
 * The lists the user's own channel keeps fresh (`user:<id>`, joined at the handshake): clips and their
 * stats, rooms, devices. A page showing one of a channel it joins itself (a room, a clip, a desktop)
 * refetches when that join is confirmed (`useChannel`'s `onJoined`).
 */
export const LIVE_QUERY_KEYS: readonly QueryKey[] = [clipKeys.all, roomKeys.all, deviceKeys.list];

const isLive = (query: Query) => LIVE_QUERY_KEYS.some((queryKey) => partialMatchKey(query.queryKey, queryKey));

/** A read that failed without an answer (offline, the server away), which may well work now; a 4xx stays. */
const hasFailedForNow = (query: Query) => {
  const { status, error } = query.state;
  return status === 'error' && !isRefusal(error);
};

/**
 * Refetches the live lists, and any read that failed for want of a connection, each time the socket
 * connects, the first time and after every reconnect: an event sent before then (a room the user was
 * removed from while the page loaded, a clip saved while the network was down) reached no one, and a page
 * that could not load while offline loads now. Once, here, for every page: the queries on screen refetch,
 * the others are marked stale for their next visit.
 */
export function useRefetchLiveQueriesOnConnect(): void {
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const refetch = () =>
      void queryClient.invalidateQueries({ predicate: (query) => isLive(query) || hasFailedForNow(query) });
    socket.on('connect', refetch);
    return () => {
      socket.off('connect', refetch);
    };
  }, [socket, queryClient]);
}
