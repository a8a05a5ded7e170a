import { ROOM_NAME_MAX } from '@clipsync/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateRoom } from '../../../api/room-mutations';
import { Dialog, DialogContent } from '../../../ui/Dialog';
import { DialogFormActions } from '../../../ui/DialogFormActions';
import { Input } from '../../../ui/Input';
import { useToast } from '../../../ui/use-toast';
import { roomErrorMessage } from './room-error-message';

interface CreateRoomDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * The Create New Room dialog. A blank name (after trimming) cannot be sent; a created room
 * opens at once.
 */
export function CreateRoomDialog({ isOpen, onOpenChange }: CreateRoomDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const close = () => {
    setName('');
    onOpenChange(false);
  };
  const createRoom = useCreateRoom({
    onSuccess: (room) => {
      toast.success({ title: t('rooms.created') });
      close();
      void navigate(`/rooms/${room.id}`);
    },
    onError: (error) => toast.error({ title: t('rooms.createFailed'), description: roomErrorMessage(error) }),
  });
  const trimmed = name.trim();
  const canCreate = trimmed !== '' && !createRoom.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canCreate) createRoom.mutate({ name: trimmed, isPrivate: false });
  };

  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? onOpenChange(true) : close())}>
      <DialogContent
        title={t('rooms.createTitle')}
        description={t('rooms.createDescription')}
        closeLabel={t('common.close')}
      >
        <form onSubmit={submit} className="space-y-4">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('rooms.roomName')}
            <Input
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder={t('rooms.namePlaceholder')}
              maxLength={ROOM_NAME_MAX}
              disabled={createRoom.isPending}
            />
          </label>
          <DialogFormActions
            cancelLabel={t('rooms.cancel')}
            submitLabel={createRoom.isPending ? t('rooms.creating') : t('rooms.create')}
            canSubmit={canCreate}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
