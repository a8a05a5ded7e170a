import type { AdminAccount } from '@clipsync/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetStorageQuota } from '../../../api/admin-account-queries';
import { Dialog, DialogContent } from '../../../ui/Dialog';
import { DialogFormActions } from '../../../ui/DialogFormActions';
import { Input } from '../../../ui/Input';
import { useToast } from '../../../ui/use-toast';
import { bytesOfMegabytes, megabytesOf } from './account-format';

/** The account's own storage quota in MB, or the plan's again; what it stores already stays. */
export function StorageQuotaDialog({ account, onClose }: { account: AdminAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const setQuota = useSetStorageQuota(account.id);
  const [isPlans, setIsPlans] = useState(account.storage.quotaSource === 'plan');
  const [megabytes, setMegabytes] = useState(String(megabytesOf(account.storage.quotaBytes)));
  const typed = Number(megabytes);
  const isValid = isPlans || (megabytes.trim() !== '' && Number.isFinite(typed) && typed >= 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuota.mutate(isPlans ? null : bytesOfMegabytes(typed), {
      onSuccess: () => {
        toast.success({ title: t('adminAccounts.quota.saved') });
        onClose();
      },
    });
  };

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent
        title={t('adminAccounts.quota.title')}
        description={t('adminAccounts.quota.description')}
        closeLabel={t('adminAccounts.close')}
      >
        <form onSubmit={submit} className="flex flex-col gap-4">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={isPlans} onChange={(event) => setIsPlans(event.target.checked)} />
            {t('adminAccounts.quota.usePlan')}
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('adminAccounts.quota.megabytes')}
            <Input
              type="number"
              min={0}
              step="any"
              disabled={isPlans}
              value={megabytes}
              onChange={(event) => setMegabytes(event.target.value)}
            />
          </label>
          {setQuota.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {setQuota.error.message}
            </p>
          )}
          <DialogFormActions
            cancelLabel={t('adminAccounts.cancel')}
            submitLabel={t('adminAccounts.quota.submit')}
            canSubmit={isValid && !setQuota.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
