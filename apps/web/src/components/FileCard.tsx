import { FileIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { isPreviewableImage } from '../lib/browser-files';
import { formatFileSize, formatKilobytes } from '../lib/file-size';
import { cn } from '../ui/cn';
import { FileTypeLabel } from './FileTypeLabel';
import { ImagePreview } from './ImagePreview';

/** A titled grid of file cards, the frame both the pending and the stored file lists use; `footer` below it. */
export function FileCardList({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <section aria-label={title} className="mt-6">
      <h2 className="text-sm font-semibold text-slate-700 dark:text-slate-200">{title}</h2>
      <ul className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">{children}</ul>
      {footer}
    </section>
  );
}

/** A stored file's preview: its own address when it is an image a browser shows safely, else none. */
export const storedFilePreview = (url: string | null, mediaType: string | null): string | null =>
  url && isPreviewableImage(mediaType ?? '') ? url : null;

interface FileCardProps {
  name: string;
  size: number;
  /**
   * Stored files read in 1024-based units ('23 Bytes', '1.5 KB'); the new-clip pending list keeps KB to
   * one decimal, the default.
   */
  sizeUnits?: 'kilobytes' | 'scaled';
  /** The file's media type, shown in words with the raw type as its tooltip; left out when undefined. */
  mediaType?: string | null;
  /** An image to preview, or null for the generic file icon. */
  previewUrl: string | null;
  /**
   * `listed`: an item of a `FileCardList`, framed, with its own action; `inside`: the file part of another
   * card (a room item, a desktop block), whose frame and buttons are that card's.
   */
  placement?: 'listed' | 'inside';
  /** Pending files are drawn dashed: they are not stored yet. */
  isPending?: boolean;
  /** Below the size, e.g. an upload's progress. */
  details?: ReactNode;
  /** The card's button (Download, Remove). */
  action?: ReactNode;
}

/**
 * One file at a glance: preview or icon, name (on up to two lines, in full on hover), size, type, and its
 * action. A listed card is a size container, so its action can be narrower in a narrow card.
 */
export function FileCard(props: FileCardProps) {
  const { name, size, sizeUnits = 'kilobytes', mediaType, previewUrl, placement = 'listed' } = props;
  const { isPending = false, details, action } = props;
  const Frame = placement === 'listed' ? 'li' : 'div';
  return (
    <Frame
      className={cn(
        'flex items-center gap-3',
        placement === 'listed' && '@container rounded-lg border p-3',
        placement === 'listed' &&
          (isPending
            ? 'border-dashed border-slate-300 dark:border-slate-600'
            : 'border-slate-200 dark:border-slate-700'),
      )}
    >
      {previewUrl ? (
        <ImagePreview name={name} url={previewUrl} />
      ) : (
        <FileIcon className="h-8 w-8 shrink-0 text-slate-400" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-sm font-medium [overflow-wrap:anywhere]" title={name}>
          {name}
        </p>
        <p className="flex flex-wrap gap-x-1.5 text-xs text-slate-500 dark:text-slate-400">
          <span>{sizeUnits === 'scaled' ? formatFileSize(size) : formatKilobytes(size)}</span>
          {mediaType !== undefined && <FileTypeLabel mediaType={mediaType} fileName={name} />}
        </p>
        {details}
      </div>
      {action}
    </Frame>
  );
}
