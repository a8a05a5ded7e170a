import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateAdminInvitation } from '../../../api/admin-invitation-queries';
import { Button } from '../../../ui/Button';
import { Input } from '../../../ui/Input';
import { useToast } from '../../../ui/use-toast';

/** "Invite by e-mail": the server lower-cases the address, refuses one with an account, renews a pending one. */
export function InviteForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateAdminInvitation();
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    create.mutate(email.trim(), {
      onSuccess: (invitation) => {
        setEmail('');
        toast.success({ title: t('adminInvitations.sent', { email: invitation.email }) });
      },
      onError: (error) => setFailure(error.message),
    });
  };

  return (
    <form
      aria-labelledby="invitations-create"
      onSubmit={submit}
      className="mt-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="invitations-create" className="text-lg font-semibold">
        {t('adminInvitations.inviteTitle')}
      </h2>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('adminInvitations.email')}
        <Input
          type="email"
          required
          maxLength={254}
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      {failure && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={create.isPending} className="self-start">
        <Send className="h-4 w-4" aria-hidden="true" />
        {create.isPending ? t('adminInvitations.sending') : t('adminInvitations.send')}
      </Button>
    </form>
  );
}
