import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateAccount } from '../../../api/admin-account-queries';
import { Dialog, DialogContent } from '../../../ui/Dialog';
import { DialogFormActions } from '../../../ui/DialogFormActions';
import { Input } from '../../../ui/Input';
import { useToast } from '../../../ui/use-toast';

/**
 * "Create account": a name and an address. The server mails the address a link to set the password, so the
 * admin never knows it; the new account's page opens once it exists.
 */
export function CreateAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const create = useCreateAccount();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), email: email.trim() },
      {
        onSuccess: (account) => {
          toast.success({ title: t('adminAccounts.create.created', { email: account.email }) });
          onClose();
          void navigate(`/admin/users/${encodeURIComponent(account.id)}`);
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent
        title={t('adminAccounts.create.title')}
        description={t('adminAccounts.create.description')}
        closeLabel={t('adminAccounts.close')}
      >
        <form onSubmit={submit} className="flex flex-col gap-4">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('adminAccounts.create.name')}
            <Input
              required
              maxLength={100}
              autoComplete="off"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('adminAccounts.create.email')}
            <Input
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          {create.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {create.error.message}
            </p>
          )}
          <DialogFormActions
            cancelLabel={t('adminAccounts.cancel')}
            submitLabel={create.isPending ? t('adminAccounts.create.creating') : t('adminAccounts.create.submit')}
            canSubmit={name.trim() !== '' && email.trim() !== '' && !create.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
