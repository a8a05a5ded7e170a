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
 * SPEC §2 'Add New Member': the e-mail of a registered user. The server's reason (no such user, already a
 * member) is shown in the dialog, where the address can be corrected, and in SPEC's toast.
 */
export function AddMemberDialog({ roomId, isOpen, onOpenChange }: AddMemberDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const addMember = useAddMember({
    onSuccess: () => {
      toast.success({ title: t('rooms.memberInvited') });
      setEmail('');
      onOpenChange(false);
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
        if (!next) setFailure(null);
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
