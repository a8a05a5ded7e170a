import { LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../ui/Button';
import { cn } from '../ui/cn';

/** Where this device unlocks the account's clipboard key (Settings → Privacy). */
const UNLOCK_PATH = '/settings/privacy';

function UnlockLink() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="secondary" size="sm">
      <Link to={UNLOCK_PATH}>{t('sealedClipboard.unlock')}</Link>
    </Button>
  );
}

/**
 * In place of what a locked device cannot open or make: "Locked" and the way to unlock, never an envelope. A
 * sealed clip's panel, the new clip page's (which makes no clip until unlocked), or the banner above a list.
 */
export function LockedClipboard({ variant }: { variant: 'clip' | 'new-clip' | 'banner' }) {
  const { t } = useTranslation();
  const isBanner = variant === 'banner';
  return (
    <div
      role="status"
      className={cn(
        'flex items-center gap-3',
        isBanner
          ? 'mb-4 flex-wrap rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm dark:border-amber-800 dark:bg-amber-950'
          : 'flex-col py-12 text-center',
      )}
    >
      <LockKeyhole className="h-6 w-6 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden="true" />
      {isBanner ? (
        <p className="flex-1">{t('privacy.e2e.lockedIntro')}</p>
      ) : (
        <>
          <p className="font-medium text-slate-800 dark:text-slate-100">{t('sealedClipboard.locked')}</p>
          <p className="max-w-md text-sm text-slate-600 dark:text-slate-300">
            {variant === 'clip' ? t('sealedClipboard.lockedHint') : t('privacy.e2e.lockedIntro')}
          </p>
        </>
      )}
      <UnlockLink />
    </div>
  );
}
