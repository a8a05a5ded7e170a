import { API_BASE, SSO_ENDPOINTS } from '@clipsync/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';
import { sessionStore } from './session-store';

export const ssoSettingsKey = ['sso-settings'] as const;

/** Whether this server signs in through an identity provider, with which button, and whether only so. */
export function useSsoSettings() {
  return useQuery({
    queryKey: ssoSettingsKey,
    queryFn: () => call(SSO_ENDPOINTS.settings),
    retry: false,
    staleTime: Infinity,
  });
}

/** Where the browser goes to sign in through the provider: a top-level navigation, never a fetch. */
export function ssoStartUrl(returnTo?: string): string {
  const query = returnTo ? `?${new URLSearchParams({ returnTo }).toString()}` : '';
  return `${API_BASE}${SSO_ENDPOINTS.start.path}${query}`;
}

/**
 * The callback's hand-off, held by this browser alone in an httpOnly cookie, traded for the session, which is
 * kept as a password sign-in keeps it. Nothing is read from the page's URL but where to go next.
 */
export async function completeSsoSignIn(): Promise<void> {
  const { user, session } = await call(SSO_ENDPOINTS.complete);
  sessionStore.save(user, session);
}

export const ssoAccountKey = ['sso-account'] as const;

/** The signed-in account's identity at the provider, and whether a password is another way in. */
export function useSsoAccount({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({ queryKey: ssoAccountKey, queryFn: () => call(SSO_ENDPOINTS.account), enabled: isEnabled });
}

/** Starts linking: the answer is the provider's page, which the browser then opens. */
export function useLinkSso() {
  return useMutation({ mutationFn: (returnTo: string) => call(SSO_ENDPOINTS.link, { body: { returnTo } }) });
}

export function useUnlinkSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(SSO_ENDPOINTS.unlink),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoAccountKey }),
  });
}
