import type { ClipboardKeyStatus } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { useClipboardKeyStatus } from '../../../api/clipboard-key-queries';
import { useUnlockedClipboardKey } from '../../../lib/clipboard-key/use-unlocked-clipboard-key';
import { Button } from '../../../ui/Button';
import { QueryState } from '../../../ui/QueryState';
import { TurnOnClipboardKey } from './TurnOnClipboardKey';
import { UnlockClipboardKeyForm } from './UnlockClipboardKeyForm';
import { UnlockedClipboardKeyPanel } from './UnlockedClipboardKeyPanel';

/** "Encrypt my clipboard end to end": off, on and locked on this device, or on and unlocked here. */
export function ClipboardKeyCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const status = useClipboardKeyStatus();
  return (
    <section
      aria-labelledby="privacy-e2e"
      className="mt-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="privacy-e2e" className="text-lg font-semibold">
        {t('privacy.e2e.title')}
      </h2>
      <QueryState
        query={status}
        refreshFailed={t('privacy.e2e.loadFailed')}
        loading={{ label: t('privacy.e2e.loading'), rowClassName: 'h-24 w-full' }}
        failed={
          <div className="flex flex-col items-start gap-3">
            <p role="alert">{t('privacy.e2e.loadFailed')}</p>
            <Button variant="secondary" onClick={() => void status.refetch()}>
              {t('privacy.retry')}
            </Button>
          </div>
        }
      >
        {(current) => <ClipboardKeyState userId={userId} status={current} />}
      </QueryState>
    </section>
  );
}

function ClipboardKeyState({ userId, status }: { userId: string; status: ClipboardKeyStatus }) {
  const { t } = useTranslation();
  const unlocked = useUnlockedClipboardKey(userId, status.keyId);
  if (!status.enabled) return <TurnOnClipboardKey userId={userId} />;
  if (unlocked.isLoading) return <p role="status">{t('privacy.e2e.loading')}</p>;
  if (!unlocked.key) return <UnlockClipboardKeyForm userId={userId} status={status} />;
  return <UnlockedClipboardKeyPanel unlocked={unlocked.key} status={status} />;
}
