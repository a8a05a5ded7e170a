import { FileIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatFileSize, formatKilobytes } from '../lib/file-size';
import { cn } from '../ui/cn';
import { FileTypeLabel } from './FileTypeLabel';
import { ImagePreview } from './ImagePreview';

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
  /**
   * Stored files read in SPEC §9 units ('23 Bytes', '1.5 KB'); the new-clip pending list keeps SPEC §2's
   * KB to one decimal, the default.
   */
  sizeUnits?: 'kilobytes' | 'scaled';
  /** The file's media type, shown in words with the raw type as its tooltip. */
  mediaType?: string;
  /** An image to preview, or null for the generic file icon. */
  previewUrl: string | null;
  /** Pending files are drawn dashed: they are not stored yet. */
  isPending?: boolean;
  /** Below the size, e.g. an upload's progress. */
  details?: ReactNode;
  /** The card's button (Download, Remove). */
  action: ReactNode;
}

/** One file: preview or icon, name (in full on hover), size, type, and its action. */
export function FileCard(props: FileCardProps) {
  const { name, size, sizeUnits = 'kilobytes', mediaType, previewUrl, isPending = false, details, action } = props;
  return (
    <li
      className={cn(
        'flex items-center gap-3 rounded-lg border p-3',
        isPending ? 'border-dashed border-slate-300 dark:border-slate-600' : 'border-slate-200 dark:border-slate-700',
      )}
    >
      {previewUrl ? (
        <ImagePreview name={name} url={previewUrl} />
      ) : (
        <FileIcon className="h-8 w-8 shrink-0 text-slate-400" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" title={name}>
          {name}
        </p>
        <p className="flex gap-1.5 text-xs text-slate-500 dark:text-slate-400">
          <span>{sizeUnits === 'scaled' ? formatFileSize(size) : formatKilobytes(size)}</span>
          {mediaType !== undefined && <FileTypeLabel mediaType={mediaType} fileName={name} />}
        </p>
        {details}
      </div>
      {action}
    </li>
  );
}
