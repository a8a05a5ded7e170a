import type { Clip } from '@clipsync/shared';
import { Copy, LockKeyhole, Paperclip, Send, Share2, Star, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../ui/Button';
import { sealedKeyStore } from '../lib/sealed-key-store';
import { cn } from '../ui/cn';
import { EncryptedBadge } from './EncryptedBadge';
import { FileTypeLabel } from './FileTypeLabel';
import { RelativeTime } from './RelativeTime';
import { isEmptiedByLink, ShareStateBadge } from './ShareStateBadge';
import { useSealedClipText } from './use-sealed-clip-text';

/** A card's icon buttons are square, so that five of them fit a card a quarter of a laptop screen wide. */
const CARD_ACTION = 'w-8 px-0';

interface ClipCardProps {
  clip: Clip;
  /** A favourite or delete request of this card is under way. */
  isBusy: boolean;
  onCopy: (clip: Clip) => void;
  onShare: (clip: Clip) => void;
  /** "Send to a device"; offered for the user's own clips, the only ones a send may carry. */
  onSend?: (clip: Clip) => void;
  onToggleFavorite: (clip: Clip) => void;
  onDelete: (clip: Clip) => void;
}

/**
 * A clip card: a clip counts as a file if it has a filePath or fileName. Favourite and Delete show
 * only when the server grants them (a room member's clip is not the viewer's to change).
 *
 * The whole card opens the clip through one link (one tab stop; its overlay covers the card), and the
 * buttons sit above that overlay. Card and buttons share the buttons' brand-colour focus ring.
 */
export function ClipCard({ clip, isBusy, onCopy, onShare, onSend, onToggleFavorite, onDelete }: ClipCardProps) {
  const { t } = useTranslation();
  const hasFile = Boolean(clip.filePath || clip.fileName);
  const extraFiles = clip.files.length - 1;
  // A shared clip whose link ended and took its content with it (as its owner chose): its state says why.
  const burntState = isEmptiedByLink(clip.share) ? (clip.share?.state ?? null) : null;
  // A clip sealed by its owner's encrypted clipboard shows its text once this device opened it.
  const sealed = useSealedClipText(clip);
  const content = sealed.state === 'open' ? sealed.text : clip.content;
  // An end-to-end encrypted clip's text is an envelope: never shown; copied opened, with this device's key.
  const isEncrypted = clip.encrypted && !burntState && sealed.state !== 'open';
  const canCopy = !isEncrypted || sealedKeyStore.get(clip.id) !== null;
  const copyLabel = canCopy ? t('cards.copy') : t('encryption.copyNoKey');
  return (
    <article
      aria-label={
        burntState
          ? t(`shareState.${burntState}`)
          : sealed.state === 'locked'
            ? t('sealedClipboard.locked')
            : isEncrypted
              ? t('encryption.badge')
              : content.slice(0, 60) || clip.fileName || t('clips.emptyContent')
      }
      className="relative flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-indigo-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-700"
    >
      <Link
        to={`/clips/${clip.id}`}
        className={cn(
          'group min-h-16 flex-1 outline-none',
          'after:absolute after:inset-0 after:rounded-xl',
          'focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-indigo-500',
        )}
      >
        <p
          className={cn(
            'line-clamp-3 text-sm wrap-anywhere whitespace-pre-wrap group-hover:text-indigo-700 dark:group-hover:text-indigo-300',
            (!content || burntState) && 'text-slate-500 italic dark:text-slate-400',
            isEncrypted && 'group-hover:text-inherit',
          )}
        >
          {burntState ? (
            t('shareState.gone')
          ) : sealed.state === 'locked' ? (
            <span className="inline-flex items-center gap-1.5 text-slate-600 not-italic dark:text-slate-300">
              <LockKeyhole className="h-4 w-4" aria-hidden="true" />
              {t('sealedClipboard.locked')}
            </span>
          ) : isEncrypted ? (
            <EncryptedBadge />
          ) : (
            content || t('clips.emptyContent')
          )}
        </p>
      </Link>
      <ShareStateBadge share={clip.share} />
      {hasFile && clip.encrypted && (
        <p className="relative mt-3 flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
          <Paperclip className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          {t('encryption.files', { count: clip.files.length })}
        </p>
      )}
      {hasFile && !clip.encrypted && (
        <p className="relative mt-3 flex min-w-0 items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
          <Paperclip className="h-3.5 w-3.5 shrink-0" aria-label={t('clips.file')} />
          <span className="truncate font-medium" title={clip.fileName ?? undefined}>
            {clip.fileName}
          </span>
          <FileTypeLabel mediaType={clip.fileType} fileName={clip.fileName} />
          {extraFiles > 0 && <span className="shrink-0">+{extraFiles}</span>}
        </p>
      )}
      {/* In a narrow card (four columns at 1280 px, a phone) the buttons go under the time and wrap, never past
          the card's edge, where the next card would cover them. */}
      <div className="relative mt-3 flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-t border-slate-100 pt-3 dark:border-slate-800">
        <span className="text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">
          <RelativeTime iso={clip.createdAt} />
        </span>
        <div className="ml-auto flex min-w-0 flex-wrap items-center justify-end gap-1">
          <Button
            variant="ghost"
            size="sm"
            className={CARD_ACTION}
            onClick={() => onCopy(clip)}
            disabled={!canCopy}
            aria-label={copyLabel}
            title={copyLabel}
          >
            <Copy className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className={CARD_ACTION}
            onClick={() => onShare(clip)}
            aria-label={t('clips.shareClip')}
            title={t('clips.shareClip')}
          >
            <Share2 className="h-4 w-4" aria-hidden="true" />
          </Button>
          {onSend && clip.abilities.update && (
            <Button
              variant="ghost"
              size="sm"
              className={CARD_ACTION}
              onClick={() => onSend(clip)}
              aria-label={t('deviceSends.title')}
              title={t('deviceSends.title')}
            >
              <Send className="h-4 w-4" aria-hidden="true" />
            </Button>
          )}
          {clip.abilities.favorite && (
            <Button
              variant="ghost"
              size="sm"
              className={CARD_ACTION}
              onClick={() => onToggleFavorite(clip)}
              disabled={isBusy}
              aria-pressed={clip.isFavorite}
              aria-label={clip.isFavorite ? t('clips.unfavorite') : t('clips.favorite')}
              title={clip.isFavorite ? t('clips.unfavorite') : t('clips.favorite')}
            >
              <Star className={cn('h-4 w-4', clip.isFavorite && 'fill-amber-400 text-amber-500')} aria-hidden="true" />
            </Button>
          )}
          {clip.abilities.delete && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onDelete(clip)}
              disabled={isBusy}
              aria-label={t('clips.delete')}
              title={t('clips.delete')}
              className={cn(CARD_ACTION, 'text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950')}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
