import {
  API_BASE,
  AUTH_ENDPOINTS,
  ErrorBody,
  MeResponse,
  REFRESH_TOKEN_HEADER,
  RefreshResponse,
  SSO_ENDPOINTS,
} from '@clipsync/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
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

async function answerOf<T>(response: Response, schema: { parse(value: unknown): T }): Promise<T> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const refusal = ErrorBody.safeParse(body);
    throw new ApiError(refusal.data?.error ?? 'Sign-in failed', response.status, refusal.data?.code ?? 'HTTP_ERROR');
  }
  return schema.parse(body);
}

/**
 * The callback's one-use refresh token traded for this browser's own session (a refresh rotates it), then
 * the account it is, both kept as a password sign-in keeps them. No stored session is needed before: the
 * calls carry their own tokens.
 */
export async function completeSsoSignIn(refreshToken: string): Promise<void> {
  const refreshed = await answerOf(
    await fetch(`${API_BASE}${AUTH_ENDPOINTS.refresh.path}`, {
      method: AUTH_ENDPOINTS.refresh.method,
      headers: { [REFRESH_TOKEN_HEADER]: refreshToken },
      credentials: 'include',
    }),
    RefreshResponse,
  );
  const { user } = await answerOf(
    await fetch(`${API_BASE}${AUTH_ENDPOINTS.me.path}`, {
      headers: { authorization: `Bearer ${refreshed.accessToken}` },
      credentials: 'include',
    }),
    MeResponse,
  );
  sessionStore.save(user, {
    access_token: refreshed.accessToken,
    refresh_token: refreshed.refreshToken,
    expires_at: refreshed.expiresAt,
  });
}

export const ssoAccountKey = ['sso-account'] as const;

/** The signed-in account's identity at the provider, and whether a password is another way in. */
export function useSsoAccount() {
  return useQuery({ queryKey: ssoAccountKey, queryFn: () => call(SSO_ENDPOINTS.account) });
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
