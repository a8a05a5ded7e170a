import type { RoomContentItem } from '@clipsync/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateRoomText } from '../../../api/room-mutations';
import { Button } from '../../../ui/Button';
import { useToast } from '../../../ui/use-toast';

/** The author edits their own text in place; Save sends it, Cancel or Escape leaves it as it was. */
export function EditRoomTextForm({
  roomId,
  item,
  onDone,
}: {
  roomId: string;
  item: RoomContentItem;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [text, setText] = useState(item.content);
  const update = useUpdateRoomText({
    onSuccess: () => {
      toast.success({ title: t('rooms.contentUpdated') });
      onDone();
    },
    onError: (error) =>
      toast.error({
        title: t('rooms.updateContentFailed'),
        description: error instanceof Error ? error.message : undefined,
      }),
  });
  const canSave = text.trim() !== '' && text !== item.content && !update.isPending;
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) update.mutate({ roomId, contentId: item.id, content: text });
      }}
    >
      <textarea
        aria-label={t('rooms.edit')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && onDone()}
        rows={4}
        className="w-full rounded-lg border border-slate-300 bg-white p-2 text-sm focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-900"
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          {t('rooms.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={!canSave}>
          {t(update.isPending ? 'rooms.saving' : 'rooms.save')}
        </Button>
      </div>
    </form>
  );
}
