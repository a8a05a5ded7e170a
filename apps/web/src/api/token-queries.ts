import type { CreateTokenRequest, TokenScope } from '@clipsync/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tokensApi } from './tokens-api';

export const tokenKeys = { all: ['tokens'] as const, signIn: (code: string) => ['sign-in-request', code] as const };

/** The user's personal access tokens, the device-made ones included. */
export function useTokens() {
  return useQuery({ queryKey: tokenKeys.all, queryFn: tokensApi.list });
}

/** Creates a token; its answer holds the token, which the page shows this once. */
export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTokenRequest) => tokensApi.create(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => tokensApi.revoke(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

/** The device sign-in a user code names (client name, scopes); off until there is a code to look up. */
export function useSignInRequest(userCode: string | null) {
  return useQuery({
    queryKey: tokenKeys.signIn(userCode ?? ''),
    queryFn: () => tokensApi.lookUpSignIn(userCode ?? ''),
    enabled: userCode !== null,
    retry: false,
  });
}

/** Approves with the scopes the user left ticked (the token gets these alone), or denies (`scopes` null). */
export function useDecideSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userCode, scopes }: { userCode: string; scopes: TokenScope[] | null }) =>
      scopes ? tokensApi.approveSignIn({ userCode, scopes }) : tokensApi.denySignIn(userCode),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
