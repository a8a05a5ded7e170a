import type { Device } from '@clipsync/shared';
import { Radar } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NearUnreachableError } from '../../lib/near/near-link';
import { Button } from '../../ui/Button';
import { useProveNearness } from './use-prove-nearness';

/**
 * "Check if nearby" for another online browser or app: proves the pair near over a direct link, or says
 * why it could not (the failure stays beside the button, announced, until the next check).
 */
export function CheckNearbyButton({ device }: { device: Device }) {
  const { t } = useTranslation();
  const prove = useProveNearness(device);
  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="secondary" size="sm" disabled={prove.isPending} onClick={() => prove.mutate()}>
        <Radar className="h-4 w-4" aria-hidden="true" />
        {prove.isPending ? t('devices.near.checking') : t('devices.near.check')}
      </Button>
      {prove.isError && (
        <p role="alert" className="max-w-xs text-xs text-red-700 dark:text-red-400">
          {prove.error instanceof NearUnreachableError ? t('devices.near.unreachable') : t('devices.near.failed')}
        </p>
      )}
    </div>
  );
}
