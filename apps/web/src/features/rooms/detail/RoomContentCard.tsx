import type { RoomContentItem } from '@clipsync/shared';
import { Copy, Download, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileCard, storedFilePreview } from '../../../components/FileCard';
import { RelativeTime } from '../../../components/RelativeTime';
import { useFileDownload } from '../../../components/use-file-download';
import { copyText } from '../../../lib/browser-files';
import { Button } from '../../../ui/Button';
import { useToast } from '../../../ui/use-toast';
import { EditRoomTextForm } from './EditRoomTextForm';

interface RoomContentCardProps {
  roomId: string;
  item: RoomContentItem;
  onDelete: (item: RoomContentItem) => void;
}

/** One item of a room: its text or file, who added it and when; Copy or Download, Edit (own text), Delete. */
export function RoomContentCard({ roomId, item, onDelete }: RoomContentCardProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const download = useFileDownload();
  const [isEditing, setIsEditing] = useState(false);
  const copy = async () => {
    try {
      await copyText(item.content);
      toast.success({ title: t('rooms.copied') });
    } catch {
      toast.error({ title: t('rooms.copyFailed') });
    }
  };
  const fileName = item.file_name ?? '';
  return (
    <article
      aria-label={item.type === 'file' ? fileName : item.content.slice(0, 60)}
      className="flex w-full min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      {item.type === 'file' ? (
        <FileCard
          placement="inside"
          name={fileName}
          size={item.file_size ?? 0}
          sizeUnits="scaled"
          mediaType={item.file_type}
          previewUrl={storedFilePreview(item.file_url, item.file_type)}
        />
      ) : isEditing ? (
        <EditRoomTextForm roomId={roomId} item={item} onDone={() => setIsEditing(false)} />
      ) : (
        <p className="line-clamp-6 text-sm wrap-anywhere whitespace-pre-wrap">{item.content}</p>
      )}
      <div className="mt-auto flex items-center justify-between gap-2 border-t border-slate-100 pt-3 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        <p className="min-w-0 truncate" title={item.user.email}>
          {t('rooms.by', { name: item.user.name || item.user.email })}{' '}
          {item.user.name && <span className="text-slate-400 dark:text-slate-500">({item.user.email})</span>} ·{' '}
          <RelativeTime iso={item.created_at} />
        </p>
        <div className="flex shrink-0 items-center">
          {item.type === 'file' ? (
            <IconButton
              label={t('rooms.download')}
              onClick={() => void download({ url: item.file_url, name: fileName })}
            >
              <Download className="h-4 w-4" aria-hidden="true" />
            </IconButton>
          ) : (
            <IconButton label={t('rooms.copy')} onClick={() => void copy()}>
              <Copy className="h-4 w-4" aria-hidden="true" />
            </IconButton>
          )}
          {item.abilities.edit && item.type === 'text' && !isEditing && (
            <IconButton label={t('rooms.edit')} onClick={() => setIsEditing(true)}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
            </IconButton>
          )}
          {item.abilities.delete && (
            <IconButton label={t('rooms.deleteContent')} onClick={() => onDelete(item)} isDestructive>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </IconButton>
          )}
        </div>
      </div>
    </article>
  );
}

interface IconButtonProps {
  label: string;
  onClick: () => void;
  isDestructive?: boolean;
  children: React.ReactNode;
}

function IconButton({ label, onClick, isDestructive = false, children }: IconButtonProps) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={isDestructive ? 'text-red-600 dark:text-red-400' : undefined}
    >
      {children}
    </Button>
  );
}
