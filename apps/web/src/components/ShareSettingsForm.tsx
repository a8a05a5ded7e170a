import {
  CLIP_SHARE_MAX_VIEWS,
  CLIP_SHARE_PASSWORD_MAX,
  type ClipShareSettings,
  type UpdateClipShareRequest,
} from '@clipsync/shared';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStopClipShare, useUpdateClipShare } from '../api/clip-mutations';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Input } from '../ui/Input';
import { Select } from '../ui/Select';
import { useToast } from '../ui/use-toast';
import { useTimeUntil } from './RelativeTime';
import { endedLinkOf, EXPIRY_MS, expiryLengthOf, type ExpiryLength } from './share-ended';

type ExpiryChoice = ExpiryLength | 'never' | 'current';

/** A link with no limits and no password, which a clip has until its owner changes it. */
export const STOPPED_SHARE: ClipShareSettings = {
  linkId: null,
  expiresAt: null,
  maxViews: null,
  viewsLeft: null,
  hasPassword: false,
  state: null,
  deleteAfter: false,
  endedAt: null,
  expirySetAt: null,
};

interface ShareSettingsFormProps {
  clipId: string;
  /** The link's settings now; undefined is the default link (the clip's own id, no limit). */
  share: ClipShareSettings | undefined;
  /** The settings the server answered after a save or a stop: the dialog shows the link they name. */
  onChange: (share: ClipShareSettings) => void;
  /** The clip is end-to-end encrypted: the password here is the link's, not the one that decrypts it. */
  isEncrypted?: boolean;
  /** Shown above the settings, scrolling with them (the link and its QR code), while Save stays in view. */
  children?: ReactNode;
}

interface FormValues {
  expiry: ExpiryChoice;
  views: string;
  deleteAfter: boolean;
  password: string;
  removePassword: boolean;
}

/** What a Save sends: a field left out keeps its setting, null clears it. */
function toRequest({ expiry, views, deleteAfter, password, removePassword }: FormValues) {
  const request: UpdateClipShareRequest = { maxViews: views === '' ? null : Number(views), deleteAfter };
  if (expiry === 'never') request.expiresAt = null;
  else if (expiry !== 'current') request.expiresAt = new Date(Date.now() + EXPIRY_MS[expiry]).toISOString();
  if (password) request.password = password;
  else if (removePassword) request.password = null;
  return request;
}

/**
 * The owner's options under a clip's link: expiry, views, whether the clip goes when the link ends, password;
 * Save, and Stop sharing after a confirm. The fields scroll; the actions stay in view below them.
 */
export function ShareSettingsForm({ clipId, share, onChange, isEncrypted = false, children }: ShareSettingsFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const timeUntil = useTimeUntil();
  const id = useId();
  // A link that ended is replaced by a new one, which starts from the settings the ended one had ("Share
  // again"): its expiry by the length it was set for, never its past date, nor "Never" in its place.
  const ended = endedLinkOf(share);
  const [chosenExpiry, setExpiry] = useState<ExpiryChoice>(() =>
    share && ended ? expiryLengthOf(share) : share?.expiresAt ? 'current' : 'never',
  );
  // "As set" names the link's expiry; once a Stop took the link (and its expiry) away, it is "Never" again.
  const expiry = chosenExpiry === 'current' && !share?.expiresAt ? 'never' : chosenExpiry;
  const [views, setViews] = useState(share?.maxViews ? String(share.maxViews) : '');
  const [deleteAfter, setDeleteAfter] = useState(share?.deleteAfter ?? false);
  const [password, setPassword] = useState('');
  const [removePassword, setRemovePassword] = useState(false);
  const [isConfirmingStop, setIsConfirmingStop] = useState(false);
  const update = useUpdateClipShare(clipId, {
    onSuccess: (saved) => {
      onChange(saved);
      setPassword('');
      setRemovePassword(false);
      toast.success({ title: t('share.saved') });
    },
    onError: () => toast.error({ title: t('share.saveFailed') }),
  });
  const stop = useStopClipShare(clipId, {
    onSuccess: () => {
      onChange(STOPPED_SHARE);
      toast.success({ title: t('share.stopped') });
    },
    onError: () => toast.error({ title: t('share.stopFailed') }),
  });

  const expiryOptions = [
    ...(share?.expiresAt && !ended
      ? [{ value: 'current' as const, label: t('share.expiry.current', { when: timeUntil(share.expiresAt) }) }]
      : []),
    ...(['hour', 'day', 'week', 'month', 'never'] as const).map((value) => ({
      value,
      label: t(`share.expiry.${value}`),
    })),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(toRequest({ expiry, views, deleteAfter, password, removePassword }));
  };
  const isLinkWorking = share === undefined || (share.linkId !== null && !ended);
  return (
    <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
      {/* Padded so focus rings are not cut by the scrolling edge. */}
      <div className="-mx-1 -mt-1 min-h-0 flex-1 overflow-y-auto px-1 pt-1 pb-1" data-testid="share-dialog-body">
        {children}
        <div className="mt-6 space-y-4 border-t border-slate-200 pt-4 dark:border-slate-800">
          <h3 className="text-sm font-semibold">{t('share.settings')}</h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <span className="text-sm font-medium" aria-hidden="true">
                {t('share.expires')}
              </span>
              <Select value={expiry} onValueChange={setExpiry} options={expiryOptions} label={t('share.expires')} />
            </div>
            <div className="flex flex-col gap-1.5">
              <label className="text-sm font-medium" htmlFor={`${id}-views`}>
                {t('share.views')}
              </label>
              <Input
                id={`${id}-views`}
                type="number"
                inputMode="numeric"
                min={1}
                max={CLIP_SHARE_MAX_VIEWS}
                step={1}
                value={views}
                onChange={(event) => setViews(event.target.value)}
                placeholder={t('share.viewsPlaceholder')}
                aria-describedby={`${id}-views-hint`}
              />
            </div>
          </div>
          <p id={`${id}-views-hint`} className="text-xs text-slate-600 dark:text-slate-300">
            {t(deleteAfter ? 'share.viewsHintDeletes' : 'share.viewsHint')}
            {share?.viewsLeft != null && !ended && <> {t('share.viewsLeft', { count: share.viewsLeft })}</>}
          </p>
          <div className="flex flex-col gap-1">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                checked={deleteAfter}
                onChange={(event) => setDeleteAfter(event.target.checked)}
                aria-describedby={`${id}-delete-after-hint`}
              />
              {t('share.deleteAfter')}
            </label>
            <p id={`${id}-delete-after-hint`} className="text-xs text-slate-600 dark:text-slate-300">
              {t(deleteAfter ? 'share.deleteAfterOn' : 'share.deleteAfterOff')}
            </p>
          </div>
          <div className="flex flex-col gap-1.5">
            <label className="text-sm font-medium" htmlFor={`${id}-password`}>
              {t(isEncrypted ? 'share.linkPassword' : 'share.password')}
            </label>
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="new-password"
              maxLength={CLIP_SHARE_PASSWORD_MAX}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              placeholder={t(share?.hasPassword ? 'share.passwordSetPlaceholder' : 'share.passwordPlaceholder')}
              aria-describedby={isEncrypted ? `${id}-password-hint` : undefined}
            />
            {isEncrypted && (
              <p id={`${id}-password-hint`} className="text-xs text-slate-600 dark:text-slate-300">
                {t('share.linkPasswordHint')}
              </p>
            )}
            {share?.hasPassword && (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={removePassword}
                  onChange={(event) => setRemovePassword(event.target.checked)}
                />
                {t('share.removePassword')}
              </label>
            )}
          </div>
        </div>
      </div>
      <div className="mt-3 flex shrink-0 flex-wrap justify-between gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        {isLinkWorking ? (
          <Button type="button" variant="secondary" onClick={() => setIsConfirmingStop(true)} disabled={stop.isPending}>
            {t('share.stop')}
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={update.isPending}>
          {t(update.isPending ? 'share.saving' : 'share.save')}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isConfirmingStop}
        onOpenChange={setIsConfirmingStop}
        title={t('share.stopTitle')}
        description={t('share.stopBody')}
        confirmLabel={t('share.stop')}
        cancelLabel={t('clips.cancel')}
        closeLabel={t('common.close')}
        onConfirm={() => stop.mutate()}
      />
    </form>
  );
}
