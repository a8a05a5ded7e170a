import {
  ADMIN_ACCOUNT_ENDPOINTS,
  type AdminAccount,
  type CreateAccountRequest,
  type GrantPlanRequest,
  type UserRole,
} from '@clipsync/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

/** Under the admin console's users list (`['admin', 'users']`), so that every change refreshes it too. */
export const adminAccountKeys = {
  users: ['admin', 'users'] as const,
  detail: (id: string) => ['admin', 'users', id] as const,
};

export function useAdminAccount(id: string) {
  return useQuery({
    queryKey: adminAccountKeys.detail(id),
    queryFn: () => call(ADMIN_ACCOUNT_ENDPOINTS.get, { params: { id } }),
    retry: false,
  });
}

/** A new account: its page is filled from the answer, and the users list asks again. */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAccountRequest) => call(ADMIN_ACCOUNT_ENDPOINTS.create, { body: input }),
    onSuccess: (account) => {
      queryClient.setQueryData(adminAccountKeys.detail(account.id), account);
      void queryClient.invalidateQueries({ queryKey: adminAccountKeys.users });
    },
  });
}

/** An action on the account: its answer (when it is the account) is kept, and the users list asks again. */
function useAccountAction<Input>(id: string, action: (input: Input) => Promise<AdminAccount | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (account) => {
      if (account) queryClient.setQueryData(adminAccountKeys.detail(id), account);
      void queryClient.invalidateQueries({ queryKey: adminAccountKeys.users });
    },
  });
}

export function useSetAccountDisabled(id: string) {
  return useAccountAction(id, (isDisabled: boolean) =>
    call(isDisabled ? ADMIN_ACCOUNT_ENDPOINTS.disable : ADMIN_ACCOUNT_ENDPOINTS.enable, { params: { id } }),
  );
}

export function useSendPasswordReset(id: string) {
  return useMutation({
    mutationFn: () => call(ADMIN_ACCOUNT_ENDPOINTS.sendPasswordReset, { params: { id } }),
  });
}

/** A grant, or null to remove it. */
export function useGrantPlan(id: string) {
  return useAccountAction(id, (grant: GrantPlanRequest | null) =>
    grant
      ? call(ADMIN_ACCOUNT_ENDPOINTS.grantPlan, { params: { id }, body: grant })
      : call(ADMIN_ACCOUNT_ENDPOINTS.removePlan, { params: { id } }),
  );
}

export function useSetStorageQuota(id: string) {
  return useAccountAction(id, (bytes: number | null) =>
    call(ADMIN_ACCOUNT_ENDPOINTS.setQuota, { params: { id }, body: { bytes } }),
  );
}

export function useSetAccountRole(id: string) {
  return useAccountAction(id, (role: UserRole) =>
    call(ADMIN_ACCOUNT_ENDPOINTS.setRole, { params: { id }, body: { role } }),
  );
}

/** The account is gone: its own entry is dropped rather than asked again (it would be a 404). */
export function useDeleteAccount(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => call(ADMIN_ACCOUNT_ENDPOINTS.delete, { params: { id }, body: { email } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: adminAccountKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: adminAccountKeys.users });
    },
  });
}

/**
 * Disables an account named when asked (the reports queue's "Disable this user", for the owner of an item):
 * everything under `['admin']` asks again, the queue's owners as well as the users list.
 */
export function useDisableAccountById() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(ADMIN_ACCOUNT_ENDPOINTS.disable, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
