import type { RoomContentItem } from '@clipsync/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editConflictOf } from '../../../api/api-error';
import { useUpdateRoomText } from '../../../api/room-mutations';
import { EditConflictDialog, type EditConflict } from '../../../components/EditConflictDialog';
import { Button } from '../../../ui/Button';
import { useToast } from '../../../ui/use-toast';

/**
 * The author edits their own text in place; Save sends it, Cancel or Escape leaves it as it was. The edit
 * starts from the item's version; while its text is untouched it follows the item as it changes live. A save
 * refused because the text was saved on another device since asks: keep this text, or take the stored one.
 */
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
  const [base, setBase] = useState({ content: item.content, version: item.version });
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const sent = useRef('');
  if (item.version > base.version && text === base.content) {
    setBase({ content: item.content, version: item.version });
    setText(item.content);
  }
  const update = useUpdateRoomText({
    onSuccess: () => {
      toast.success({ title: t('rooms.contentUpdated') });
      onDone();
    },
    onError: (error) => {
      const current = editConflictOf(error);
      if (current) return setConflict({ mine: sent.current, theirs: current });
      toast.error({
        title: t('rooms.updateContentFailed'),
        description: error instanceof Error ? error.message : undefined,
      });
    },
  });
  const send = (content: string, version: number) => {
    sent.current = content;
    update.mutate({ roomId, contentId: item.id, content, version });
  };
  const canSave = text.trim() !== '' && text !== base.content && !update.isPending;
  return (
    <>
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (canSave) send(text, base.version);
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
      <EditConflictDialog
        conflict={conflict}
        onKeepMine={() => {
          if (!conflict) return;
          setConflict(null);
          send(conflict.mine, conflict.theirs.version);
        }}
        onTakeTheirs={() => {
          if (!conflict) return;
          setBase({ content: conflict.theirs.text, version: conflict.theirs.version });
          setText(conflict.theirs.text);
          setConflict(null);
        }}
        onDismiss={() => setConflict(null)}
      />
    </>
  );
}
