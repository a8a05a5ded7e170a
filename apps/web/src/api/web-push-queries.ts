import {
  WEB_PUSH_ENDPOINTS,
  PUSH_FOLLOWED_ROOMS_MAX,
  ROOM_ENDPOINTS,
  type PushSettings,
  type SubscribePushRequest,
  type UpdatePushPreferencesRequest,
} from '@clipsync/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

export const pushKeys = { settings: ['push', 'settings'] as const, rooms: ['push', 'rooms'] as const };

/** This device's push settings: the server's public key, whether it is subscribed, what it is notified of. */
export function usePushSettings() {
  return useQuery({ queryKey: pushKeys.settings, queryFn: () => call(WEB_PUSH_ENDPOINTS.settings) });
}

/** Every answer of the push calls is the settings as they now are: they replace the cached ones. */
function useSettingsMutation<Input>(mutationFn: (input: Input) => Promise<PushSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (settings) => queryClient.setQueryData(pushKeys.settings, settings),
  });
}

export function useSubscribePush() {
  return useSettingsMutation((body: SubscribePushRequest) => call(WEB_PUSH_ENDPOINTS.subscribe, { body }));
}

export function useUpdatePushPreferences() {
  return useSettingsMutation((body: UpdatePushPreferencesRequest) => call(WEB_PUSH_ENDPOINTS.update, { body }));
}

/** Removes this device's subscription on the server; its preferences stay for the next time. */
export function useUnsubscribePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(WEB_PUSH_ENDPOINTS.unsubscribe),
    onSuccess: () =>
      queryClient.setQueryData<PushSettings>(pushKeys.settings, (settings) =>
        settings ? { ...settings, subscribed: false } : settings,
      ),
  });
}

/** The account's rooms by name, as many as may be followed: the page's follow switches. */
export function usePushRooms() {
  return useQuery({
    queryKey: pushKeys.rooms,
    queryFn: () =>
      call(ROOM_ENDPOINTS.list, { query: { sort: 'name', order: 'asc', limit: PUSH_FOLLOWED_ROOMS_MAX, offset: 0 } }),
  });
}
