import { ADMIN_OVERVIEW_ENDPOINTS, type UpdateAdminSettingsRequest } from '@clipsync/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';
import { registrationKey } from './registration-queries';

export const adminOverviewKeys = { overview: ['admin', 'overview'] as const, settings: ['admin', 'settings'] as const };

/** The instance's figures and health: counted when asked, so the page asks again on its Refresh. */
export function useAdminOverview() {
  return useQuery({ queryKey: adminOverviewKeys.overview, queryFn: () => call(ADMIN_OVERVIEW_ENDPOINTS.overview) });
}

/** Who may sign up, each setting with where it comes from and whether the console may change it. */
export function useAdminSettings() {
  return useQuery({ queryKey: adminOverviewKeys.settings, queryFn: () => call(ADMIN_OVERVIEW_ENDPOINTS.settings) });
}

/** Saves the console's settings; the sign-up page of this tab follows at once. */
export function useUpdateAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAdminSettingsRequest) => call(ADMIN_OVERVIEW_ENDPOINTS.updateSettings, { body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(adminOverviewKeys.settings, settings);
      void queryClient.invalidateQueries({ queryKey: registrationKey });
    },
  });
}
