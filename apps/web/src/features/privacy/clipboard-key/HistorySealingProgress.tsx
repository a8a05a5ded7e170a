import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import type { HistorySealingState } from './use-history-sealing';

/**
 * How far sealing (or unsealing) the history is, of the `total` clips the server counted when it began: a bar
 * while it runs, then what could not be done with Try again.
 */
export function HistorySealingProgress({
  direction,
  state,
  total,
  onRetry,
}: {
  direction: 'seal' | 'unseal';
  state: HistorySealingState;
  total: number;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const { done, failed } = state.progress;
  const of = Math.max(total, done + failed);
  const label = t(direction === 'seal' ? 'privacy.e2e.sealingHistory' : 'privacy.e2e.unsealingHistory', {
    done,
    total: of,
  });
  if (state.phase === 'running') {
    return (
      <div className="flex flex-col gap-2">
        <p role="status">{label}</p>
        <progress className="w-full" max={Math.max(of, 1)} value={done + failed} aria-label={label} />
      </div>
    );
  }
  const problem =
    state.phase === 'stopped'
      ? t('privacy.e2e.sealingStopped')
      : failed > 0
        ? t(direction === 'seal' ? 'privacy.e2e.sealingFailed' : 'privacy.e2e.unsealFailed', { count: failed })
        : null;
  if (!problem) return null;
  return (
    <div className="flex flex-col items-start gap-2">
      <p role="alert">{problem}</p>
      <Button type="button" variant="secondary" onClick={onRetry}>
        {t('privacy.e2e.tryAgain')}
      </Button>
    </div>
  );
}
