import {
  DEVICE_SIGN_IN_ENDPOINTS,
  TOKEN_ENDPOINTS,
  type CreateTokenRequest,
  type DeviceSignInScope,
} from '@clipsync/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

export const tokenKeys = { all: ['tokens'] as const, signIn: (code: string) => ['sign-in-request', code] as const };

/** The user's personal access tokens, the device-made ones included. */
export function useTokens() {
  return useQuery({ queryKey: tokenKeys.all, queryFn: () => call(TOKEN_ENDPOINTS.list) });
}

/** Creates a token; its answer holds the token, which the page shows this once. */
export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTokenRequest) => call(TOKEN_ENDPOINTS.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(TOKEN_ENDPOINTS.revoke, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

/** The device sign-in a user code names (client name, scopes); off until there is a code to look up. */
export function useSignInRequest(userCode: string | null) {
  return useQuery({
    queryKey: tokenKeys.signIn(userCode ?? ''),
    queryFn: () => call(DEVICE_SIGN_IN_ENDPOINTS.lookup, { body: { userCode: userCode ?? '' } }),
    enabled: userCode !== null,
    retry: false,
  });
}

/** Approves with the scopes the user left ticked (the token gets these alone), or denies (`scopes` null). */
export function useDecideSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userCode, scopes }: { userCode: string; scopes: DeviceSignInScope[] | null }) =>
      scopes
        ? call(DEVICE_SIGN_IN_ENDPOINTS.approve, { body: { userCode, scopes } })
        : call(DEVICE_SIGN_IN_ENDPOINTS.deny, { body: { userCode } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
