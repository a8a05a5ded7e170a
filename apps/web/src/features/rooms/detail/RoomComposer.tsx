import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAddRoomText } from '../../../api/room-mutations';
import { UploadFileButton } from '../../../components/UploadFileButton';
import { Button } from '../../../ui/Button';
import { useToast } from '../../../ui/use-toast';
import type { UploadProgress } from './use-room-uploads';

interface RoomComposerProps {
  roomId: string;
  onFiles: (files: File[]) => void;
  upload: UploadProgress | null;
  /** Text pasted outside the field lands here (the page-wide paste handler). */
  text: string;
  onTextChange: (text: string) => void;
}

/** The room's content tab: a text area with Add Content and Upload File. Ctrl/Cmd+Enter adds too. */
export function RoomComposer({ roomId, onFiles, upload, text, onTextChange }: RoomComposerProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const addText = useAddRoomText({
    onSuccess: () => {
      toast.success({ title: t('rooms.contentAdded') });
      onTextChange('');
    },
    onError: (error) =>
      toast.error({
        title: t('rooms.addContentFailed'),
        description: error instanceof Error ? error.message : undefined,
      }),
  });
  const canAdd = text.trim() !== '' && !addText.isPending;
  const add = () => canAdd && addText.mutate({ roomId, content: text });
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <label htmlFor="room-content" className="text-sm font-medium">
        {t('rooms.contentLabel')}
      </label>
      <textarea
        id="room-content"
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            add();
          }
        }}
        placeholder={t('rooms.contentPlaceholder')}
        rows={3}
        className="mt-2 w-full rounded-lg border border-slate-300 bg-white p-3 text-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-950 dark:placeholder:text-slate-400"
      />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button onClick={add} disabled={!canAdd}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t(addText.isPending ? 'rooms.adding' : 'rooms.addContent')}
        </Button>
        <UploadFileButton onFiles={onFiles} />
        {upload && (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
            {t('rooms.uploading', { name: upload.name, percent: Math.round(upload.fraction * 100) })}
          </p>
        )}
        <p className="ml-auto hidden text-xs text-slate-500 sm:block pointer-coarse:hidden dark:text-slate-400">
          {t('rooms.dropHint')}
        </p>
      </div>
    </div>
  );
}
