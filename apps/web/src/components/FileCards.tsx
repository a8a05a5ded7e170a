import { FileIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKilobytes } from '../lib/file-size';
import { cn } from '../ui/cn';

/** A titled grid of file cards, the frame both the pending and the stored file lists use. */
export function FileCardList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="mt-6">
      <h2 className="text-sm font-semibold text-slate-700 dark:text-slate-200">{title}</h2>
      <ul className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">{children}</ul>
    </section>
  );
}

interface FileCardProps {
  name: string;
  size: number;
  /** An image to preview, or null for the generic file icon. */
  previewUrl: string | null;
  /** Pending files are drawn dashed: they are not stored yet. */
  isPending?: boolean;
  /** Below the size, e.g. an upload's progress. */
  details?: ReactNode;
  /** The card's button (Download, Remove). */
  action: ReactNode;
}

/** One file: preview or icon, name, size in KB to one decimal (SPEC §2), and its action. */
export function FileCard({ name, size, previewUrl, isPending = false, details, action }: FileCardProps) {
  const { t } = useTranslation();
  return (
    <li
      className={cn(
        'flex items-center gap-3 rounded-lg border p-3',
        isPending ? 'border-dashed border-slate-300 dark:border-slate-600' : 'border-slate-200 dark:border-slate-700',
      )}
    >
      {previewUrl ? (
        <img
          src={previewUrl}
          alt={t('editor.imagePreview', { name })}
          className="h-14 w-14 shrink-0 rounded object-cover"
        />
      ) : (
        <FileIcon className="h-8 w-8 shrink-0 text-slate-400" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{name}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{formatKilobytes(size)}</p>
        {details}
      </div>
      {action}
    </li>
  );
}
