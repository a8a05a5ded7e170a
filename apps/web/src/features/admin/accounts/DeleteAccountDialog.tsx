import type { AdminAccount } from '@clipsync/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteAccount } from '../../../api/admin-account-queries';
import { Button } from '../../../ui/Button';
import { Dialog, DialogClose, DialogContent } from '../../../ui/Dialog';
import { Input } from '../../../ui/Input';
import { useToast } from '../../../ui/use-toast';

/** The users list of the console, where an admin goes once the account is gone. */
const USERS_PATH = '/admin/users';

/** Deletion, enabled only once the account's address is typed out (the server checks it again). */
export function DeleteAccountDialog({ account, onClose }: { account: AdminAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const remove = useDeleteAccount(account.id);
  const [typed, setTyped] = useState('');
  const isTypedRight = typed.trim().toLowerCase() === account.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(typed, {
      onSuccess: () => {
        toast.success({ title: t('adminAccounts.delete.deleted', { email: account.email }) });
        void navigate(USERS_PATH);
      },
    });
  };

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent
        title={t('adminAccounts.delete.title')}
        description={t('adminAccounts.delete.description', { email: account.email })}
        closeLabel={t('adminAccounts.close')}
      >
        <form onSubmit={submit} className="flex flex-col gap-4">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('adminAccounts.delete.typed')}
            <Input
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </label>
          {remove.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {remove.error.message}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                {t('adminAccounts.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={!isTypedRight || remove.isPending}>
              {t('adminAccounts.delete.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
