import type { AdminAccount } from '@clipsync/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useGrantPlan,
  useSendPasswordReset,
  useSetAccountDisabled,
  useSetAccountRole,
} from '../../../api/admin-account-queries';
import { useAuth } from '../../../session/auth-context';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useToast } from '../../../ui/use-toast';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { GrantPlanDialog } from './GrantPlanDialog';
import { StorageQuotaDialog } from './StorageQuotaDialog';

type OpenDialog = 'disable' | 'grant' | 'quota' | 'delete' | null;

/** What an admin may do to the account; each refusal is shown with the server's reason. */
export function AccountActions({ account }: { account: AdminAccount }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState<OpenDialog>(null);
  const setDisabled = useSetAccountDisabled(account.id);
  const sendReset = useSendPasswordReset(account.id);
  const grant = useGrantPlan(account.id);
  const setRole = useSetAccountRole(account.id);
  const failed = (error: Error) =>
    toast.error({ title: t('adminAccounts.actions.failed'), description: error.message });
  const closeIfShut = (isOpen: boolean) => !isOpen && setOpen(null);
  const isGranted = account.plan.source === 'admin';
  // The server refuses an admin's own disable, delete and demotion: the console does not offer them.
  const isOwnAccount = useAuth().user?.id === account.id;

  return (
    <section aria-labelledby="account-actions" className="mt-8">
      <h2 id="account-actions" className="text-xl font-semibold">
        {t('adminAccounts.actions.title')}
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        {isOwnAccount ? null : account.disabledAt ? (
          <Button
            variant="secondary"
            onClick={() =>
              setDisabled.mutate(false, {
                onSuccess: () => toast.success({ title: t('adminAccounts.actions.enabled') }),
                onError: failed,
              })
            }
          >
            {t('adminAccounts.actions.enable')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setOpen('disable')}>
            {t('adminAccounts.actions.disable')}
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={() =>
            sendReset.mutate(undefined, {
              onSuccess: () => toast.success({ title: t('adminAccounts.actions.resetSent', { email: account.email }) }),
              onError: failed,
            })
          }
        >
          {t('adminAccounts.actions.resetPassword')}
        </Button>
        <Button variant="secondary" onClick={() => setOpen('grant')}>
          {t('adminAccounts.actions.grantPlan')}
        </Button>
        {isGranted && (
          <Button
            variant="secondary"
            onClick={() =>
              grant.mutate(null, {
                onSuccess: () => toast.success({ title: t('adminAccounts.actions.grantRemoved') }),
                onError: failed,
              })
            }
          >
            {t('adminAccounts.actions.removeGrant')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => setOpen('quota')}>
          {t('adminAccounts.actions.setQuota')}
        </Button>
        {!isOwnAccount && (
          <Button
            variant="secondary"
            onClick={() =>
              setRole.mutate(account.role === 'admin' ? 'user' : 'admin', {
                onSuccess: () => toast.success({ title: t('adminAccounts.actions.roleChanged') }),
                onError: failed,
              })
            }
          >
            {account.role === 'admin' ? t('adminAccounts.actions.removeAdmin') : t('adminAccounts.actions.makeAdmin')}
          </Button>
        )}
        {!isOwnAccount && (
          <Button variant="destructive" onClick={() => setOpen('delete')}>
            {t('adminAccounts.actions.delete')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        isOpen={open === 'disable'}
        onOpenChange={closeIfShut}
        title={t('adminAccounts.disable.title')}
        description={t('adminAccounts.disable.description', { email: account.email })}
        confirmLabel={t('adminAccounts.actions.disable')}
        cancelLabel={t('adminAccounts.cancel')}
        closeLabel={t('adminAccounts.close')}
        onConfirm={() =>
          setDisabled.mutate(true, {
            onSuccess: () => toast.success({ title: t('adminAccounts.actions.disabled') }),
            onError: failed,
          })
        }
      />
      {open === 'grant' && <GrantPlanDialog account={account} onClose={() => setOpen(null)} />}
      {open === 'quota' && <StorageQuotaDialog account={account} onClose={() => setOpen(null)} />}
      {open === 'delete' && <DeleteAccountDialog account={account} onClose={() => setOpen(null)} />}
    </section>
  );
}
