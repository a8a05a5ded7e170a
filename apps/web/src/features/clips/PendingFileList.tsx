import { FileIcon, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatKilobytes } from '../../lib/file-size';
import { Button } from '../../ui/Button';
import type { PendingFile } from './use-pending-files';

interface PendingFileListProps {
  files: readonly PendingFile[];
  onRemove: (id: string) => void;
  /** Removing is off while an upload runs. */
  isLocked: boolean;
}

/** Files waiting for Save (SPEC §2): name, size in KB, image preview, removable, upload progress. */
export function PendingFileList({ files, onRemove, isLocked }: PendingFileListProps) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  const title = t('editor.pendingFiles');
  return (
    <section aria-label={title} className="mt-6">
      <h2 className="text-sm font-semibold text-slate-700 dark:text-slate-200">{title}</h2>
      <ul className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
        {files.map((pending) => (
          <li
            key={pending.id}
            className="flex items-center gap-3 rounded-lg border border-dashed border-slate-300 p-3 dark:border-slate-600"
          >
            {pending.previewUrl ? (
              <img
                src={pending.previewUrl}
                alt={t('editor.imagePreview', { name: pending.file.name })}
                className="h-14 w-14 shrink-0 rounded object-cover"
              />
            ) : (
              <FileIcon className="h-8 w-8 shrink-0 text-slate-400" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{pending.file.name}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">{formatKilobytes(pending.file.size)}</p>
              {pending.progress !== null && <UploadProgress name={pending.file.name} fraction={pending.progress} />}
            </div>
            <Button
              variant="ghost"
              size="sm"
              disabled={isLocked}
              onClick={() => onRemove(pending.id)}
              aria-label={t('editor.remove', { name: pending.file.name })}
              title={t('editor.remove', { name: pending.file.name })}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    </section>
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
