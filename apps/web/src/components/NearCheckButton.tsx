import { Radar } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NearUnreachableError } from '../lib/near/near-link';
import { Button } from '../ui/Button';

/** What the button shows of a check: a TanStack mutation fits. */
export interface NearCheck {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  mutate: () => void;
}

/**
 * "Check if nearby" beside another device (My devices) or a LAN peer (LAN Share): runs the check, and says
 * why it could not prove the pair near (the failure stays beside the button, announced, until the next check).
 */
export function NearCheckButton({ check }: { check: NearCheck }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="secondary" size="sm" disabled={check.isPending} onClick={() => check.mutate()}>
        <Radar className="h-4 w-4" aria-hidden="true" />
        {check.isPending ? t('devices.near.checking') : t('devices.near.check')}
      </Button>
      {check.isError && (
        <p role="alert" className="max-w-xs text-xs text-red-700 dark:text-red-400">
          {check.error instanceof NearUnreachableError ? t('devices.near.unreachable') : t('devices.near.failed')}
        </p>
      )}
    </div>
  );
}
