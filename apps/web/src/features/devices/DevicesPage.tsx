import type { Device } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDevices } from '../../api/device-queries';
import { LoadFailed } from '../../components/LoadFailed';
import { useDeviceNear } from '../../realtime/use-device-near';
import { useDevicePresence } from '../../realtime/use-device-presence';
import { DeviceRow } from './DeviceRow';
import { QueryState } from '../../ui/QueryState';

/** This device first, then the others in the order they joined (the server's order). */
const currentFirst = (devices: readonly Device[]) => [
  ...devices.filter((device) => device.current),
  ...devices.filter((device) => !device.current),
];

/**
 * `/devices`, "My devices": every browser, installed app and CLI signed in to the account, online now or
 * when last seen (live), renamed in place, with what each receives and "Sign out this device".
 */
export default function DevicesPage() {
  const { t } = useTranslation();
  const devices = useDevices();
  useDevicePresence();
  useDeviceNear();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('devices.title')}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('devices.intro')}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {t('devices.tokensHint')}{' '}
        <Link to="/settings/tokens" className="font-medium text-indigo-700 underline dark:text-indigo-300">
          {t('shell.accessTokens')}
        </Link>
      </p>
      <section aria-label={t('devices.listLabel')} className="mt-6">
        <QueryState
          query={devices}
          refreshFailed={t('loadFailed.devices')}
          loading={{ label: t('devices.loading'), rows: 2, rowClassName: 'h-20 w-full' }}
          failed={
            <LoadFailed
              title={t('loadFailed.devices')}
              onRetry={() => void devices.refetch()}
              isRetrying={devices.isFetching}
            />
          }
          isEmpty={(data) => data.devices.length === 0}
          empty={t('devices.empty')}
        >
          {(data) => (
            <ul className="flex flex-col gap-3">
              {currentFirst(data.devices).map((device) => (
                <DeviceRow key={device.id} device={device} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </div>
  );
}
