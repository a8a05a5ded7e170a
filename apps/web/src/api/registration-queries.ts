import { AUTH_ENDPOINTS } from '@clipsync/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from './client';

/**
 * Who may sign up on this server (`GET /api/auth/registration`): the sign-up form says it before anyone types.
 * It changes only when the server restarts with other settings; a failure leaves the form as it is, and the
 * server's refusal still says why.
 */
export function useRegistrationSettings() {
  return useQuery({
    queryKey: ['registration'],
    queryFn: () => call(AUTH_ENDPOINTS.registration),
    staleTime: Infinity,
    retry: false,
  });
}
