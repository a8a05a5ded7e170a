import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddMember } from '../../../api/room-mutations';
import { Dialog, DialogContent } from '../../../ui/Dialog';
import { DialogFormActions } from '../../../ui/DialogFormActions';
import { Input } from '../../../ui/Input';
import { useToast } from '../../../ui/use-toast';

interface AddMemberDialogProps {
  roomId: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * 'Add New Member': an e-mail address, which the server sends an invitation (the answer is the
 * same whether or not it has an account, and nobody joins before accepting). The dialog stays open and
 * says where the invitation went, so several can be sent in a row. A refusal (not a valid address, the
 * hourly limit, someone the owner removed) is shown in the dialog and in the 'Failed to add member' toast.
 */
export function AddMemberDialog({ roomId, isOpen, onOpenChange }: AddMemberDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const addMember = useAddMember({
    onSuccess: ({ invited }) => {
      toast.success({ title: t('rooms.memberInvited') });
      setSentTo(invited);
      setEmail('');
    },
    onError: (error) => {
      const message = error instanceof Error ? error.message : undefined;
      setFailure(message ?? t('rooms.addMemberFailed'));
      toast.error({ title: t('rooms.addMemberFailed'), description: message });
    },
  });
  const canAdd = email.trim() !== '' && !addMember.isPending;
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(next) => {
        if (!next) {
          setFailure(null);
          setSentTo(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={t('rooms.addMemberTitle')}
        description={t('rooms.addMemberDescription')}
        closeLabel={t('common.close')}
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setFailure(null);
            setSentTo(null);
            if (canAdd) addMember.mutate({ roomId, email: email.trim() });
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('rooms.emailLabel')}
            <Input
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder={t('rooms.emailPlaceholder')}
              aria-invalid={failure !== null}
              aria-describedby={failure ? 'add-member-error' : undefined}
            />
          </label>
          {sentTo && (
            <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
              {t('rooms.invitationSent', { email: sentTo })}
            </p>
          )}
          {failure && (
            <p id="add-member-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
              {failure}
            </p>
          )}
          <DialogFormActions
            cancelLabel={t('rooms.cancel')}
            submitLabel={t(addMember.isPending ? 'rooms.adding' : 'rooms.add')}
            canSubmit={canAdd}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
