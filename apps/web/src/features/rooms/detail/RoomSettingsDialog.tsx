import type { RoomDetail } from '@clipsync/shared';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRotateInvite, useUpdateRoom } from '../../../api/room-mutations';
import { Button } from '../../../ui/Button';
import { Dialog, DialogContent } from '../../../ui/Dialog';
import { DialogFormActions } from '../../../ui/DialogFormActions';
import { Input } from '../../../ui/Input';
import { Switch } from '../../../ui/Switch';
import { useToast } from '../../../ui/use-toast';

interface RoomSettingsDialogProps {
  room: RoomDetail;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** The owner's settings: rename, public or private, and a new invite link (the old one stops). */
export function RoomSettingsDialog({ room, isOpen, onOpenChange }: RoomSettingsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('rooms.settings')}
        description={t('rooms.settingsDescription')}
        closeLabel={t('common.close')}
      >
        {/* Mounted only while open, so each opening starts from the room as it is now. */}
        {isOpen && <RoomSettingsForm room={room} onSaved={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function RoomSettingsForm({ room, onSaved }: { room: RoomDetail; onSaved: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [name, setName] = useState(room.name);
  const [isPrivate, setIsPrivate] = useState(room.isPrivate);
  const update = useUpdateRoom({
    onSuccess: () => {
      toast.success({ title: t('rooms.roomUpdated') });
      onSaved();
    },
    onError: (error) =>
      toast.error({
        title: t('rooms.updateRoomFailed'),
        description: error instanceof Error ? error.message : undefined,
      }),
  });
  const rotate = useRotateInvite({
    onSuccess: () => toast.success({ title: t('rooms.inviteRenewed') }),
    onError: () => toast.error({ title: t('rooms.inviteRenewFailed') }),
  });
  const trimmed = name.trim();
  const changes = {
    ...(trimmed !== room.name ? { name: trimmed } : {}),
    ...(isPrivate !== room.isPrivate ? { isPrivate } : {}),
  };
  const canSave = trimmed !== '' && Object.keys(changes).length > 0 && !update.isPending;
  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) update.mutate({ roomId: room.id, ...changes });
      }}
    >
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('rooms.roomName')}
        <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={100} />
      </label>
      <div className="flex items-start justify-between gap-4">
        <div>
          <label htmlFor="room-private" className="text-sm font-medium">
            {t('rooms.privateSwitch')}
          </label>
          <p className="text-xs text-slate-600 dark:text-slate-300">{t('rooms.privateHelp')}</p>
        </div>
        <Switch id="room-private" checked={isPrivate} onCheckedChange={setIsPrivate} />
      </div>
      <div className="flex items-start justify-between gap-4 border-t border-slate-200 pt-4 dark:border-slate-800">
        <div>
          <p className="text-sm font-medium">{t('rooms.inviteLink')}</p>
          <p className="text-xs text-slate-600 dark:text-slate-300">{t('rooms.newInviteLinkHelp')}</p>
        </div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={rotate.isPending}
          onClick={() => rotate.mutate({ roomId: room.id })}
        >
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          {t('rooms.newInviteLink')}
        </Button>
      </div>
      <DialogFormActions
        cancelLabel={t('rooms.cancel')}
        submitLabel={t(update.isPending ? 'rooms.saving' : 'rooms.saveSettings')}
        canSubmit={canSave}
      />
    </form>
  );
}
