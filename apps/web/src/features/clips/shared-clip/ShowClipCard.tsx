import type { OpenedClip, ProtectedClipCard } from '@clipsync/shared';
import type { TFunction } from 'i18next';
import { Lock } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error';
import { useOpenClip } from '../../../api/clip-mutations';
import { useTimeUntil } from '../../../components/RelativeTime';
import { waitText } from '../../../lib/wait-text';
import { Button } from '../../../ui/Button';
import { Input } from '../../../ui/Input';

interface ShowClipCardProps {
  card: ProtectedClipCard;
  onOpened: (opened: OpenedClip) => void;
  /** The link answered 404 on opening: expired, spent or stopped meanwhile. */
  onGone: () => void;
}

/** Why an open was refused, in words; a 404 is not said here, the page shows its not-found state. */
function refusal(error: unknown, hasTypedPassword: boolean, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('protectedClip.openFailed');
  if (error.code === 'WRONG_PASSWORD') {
    return t(hasTypedPassword ? 'protectedClip.wrongPassword' : 'protectedClip.passwordNeeded');
  }
  if (error.status === 429) {
    const seconds = error.attempts.retryAfterSeconds;
    if (seconds === undefined) return t('protectedClip.tooManyTriesLater');
    return t('protectedClip.tooManyTries', { wait: waitText(seconds, t) });
  }
  return t('protectedClip.openFailed');
}

/**
 * What someone else sees of a clip with a view limit or a password: the card, never its content. Reading
 * the page spends nothing (link previews fetch it); only the click on "Show clip" opens it.
 */
export function ShowClipCard({ card, onOpened, onGone }: ShowClipCardProps) {
  const { t } = useTranslation();
  const timeUntil = useTimeUntil();
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const open = useOpenClip(card.id);
  const summary = [
    t('protectedClip.title'),
    card.viewsLeft !== null && t('protectedClip.viewsLeft', { count: card.viewsLeft }),
    card.expiresAt && t('protectedClip.expires', { when: timeUntil(card.expiresAt) }),
  ]
    .filter(Boolean)
    .join(' · ');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    open.mutate(card.hasPassword ? password : undefined, {
      onSuccess: onOpened,
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) onGone();
      },
    });
  };
  return (
    <form onSubmit={submit} className="mx-auto flex max-w-sm flex-col items-center gap-4 py-10 text-center">
      <Lock className="h-8 w-8 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
      <p className="font-medium">{summary}</p>
      {card.viewsLeft !== null && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('protectedClip.spendNote')}{' '}
          {t(card.viewsLeft === 1 ? 'protectedClip.lastViewNote' : 'protectedClip.leaveNote')}
        </p>
      )}
      {card.hasPassword && (
        <div className="flex w-full flex-col gap-1.5 text-left">
          <label htmlFor={passwordId} className="text-sm font-medium">
            {t('protectedClip.password')}
          </label>
          <Input
            id={passwordId}
            type="password"
            autoComplete="off"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
      )}
      {open.isError && !(open.error instanceof ApiError && open.error.status === 404) && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {refusal(open.error, password !== '', t)}
        </p>
      )}
      <Button type="submit" disabled={open.isPending}>
        {t(open.isPending ? 'protectedClip.opening' : 'protectedClip.show')}
      </Button>
    </form>
  );
}
