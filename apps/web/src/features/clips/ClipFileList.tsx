import type { ClipFileSummary } from '@clipsync/shared';
import { Download, FileIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatKilobytes } from '../../lib/file-size';
import { isPreviewableImage } from '../../lib/browser-files';
import { Button } from '../../ui/Button';
import { useFileDownload } from './use-file-download';

/** Files already stored with a clip: name, size in KB, an image preview, and Download (SPEC §2). */
export function ClipFileList({ title, files }: { title: string; files: readonly ClipFileSummary[] }) {
  const { t } = useTranslation();
  const download = useFileDownload();
  if (files.length === 0) return null;
  return (
    <section aria-label={title} className="mt-6">
      <h2 className="text-sm font-semibold text-slate-700 dark:text-slate-200">{title}</h2>
      <ul className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
        {files.map((file) => (
          <li
            key={file.url}
            className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
          >
            {isPreviewableImage(file.type) ? (
              <img
                src={file.url}
                alt={t('editor.imagePreview', { name: file.name })}
                className="h-14 w-14 rounded object-cover"
              />
            ) : (
              <FileIcon className="h-8 w-8 shrink-0 text-slate-400" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{file.name}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">{formatKilobytes(file.size)}</p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void download(file)}
              aria-label={`${t('editor.download')} ${file.name}`}
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              {t('editor.download')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
