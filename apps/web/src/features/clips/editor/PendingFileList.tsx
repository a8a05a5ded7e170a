import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FileCard, FileCardList } from '../../../components/FileCard';
import { Button } from '../../../ui/Button';
import type { PendingFiles } from './use-pending-files';

interface PendingFileListProps {
  pending: Pick<PendingFiles, 'pendingFiles' | 'removeFile'>;
  /** Removing is off while an upload runs. */
  isLocked: boolean;
  /** Below the list, e.g. that nobody else sees these files before Save. */
  note?: string;
}

/** Files waiting for Save: name, size in KB, image preview, removable, upload progress. */
export function PendingFileList({ pending: { pendingFiles, removeFile }, isLocked, note }: PendingFileListProps) {
  const { t } = useTranslation();
  if (pendingFiles.length === 0) return null;
  return (
    <FileCardList
      title={t('editor.pendingFiles')}
      footer={note && <p className="mt-2 text-sm font-medium text-amber-800 dark:text-amber-300">{note}</p>}
    >
      {pendingFiles.map((pending) => (
        <FileCard
          key={pending.id}
          name={pending.file.name}
          size={pending.file.size}
          previewUrl={pending.previewUrl}
          isPending
          details={pending.progress !== null && <UploadProgress name={pending.file.name} fraction={pending.progress} />}
          action={
            <Button
              variant="ghost"
              size="sm"
              disabled={isLocked}
              onClick={() => removeFile(pending.id)}
              aria-label={t('editor.remove', { name: pending.file.name })}
              title={t('editor.remove', { name: pending.file.name })}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          }
        />
      ))}
    </FileCardList>
  );
}

function UploadProgress({ name, fraction }: { name: string; fraction: number }) {
  const { t } = useTranslation();
  const percent = Math.round(fraction * 100);
  const label = t('editor.uploading', { name, percent });
  return (
    <div className="mt-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full bg-indigo-600 transition-[width] dark:bg-indigo-400" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{percent}%</p>
    </div>
  );
}
