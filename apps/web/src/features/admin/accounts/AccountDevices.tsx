import type { AdminAccountDevice } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/RelativeTime';

/** The account's signed-in devices, most recently seen first. */
export function AccountDevices({ devices }: { devices: AdminAccountDevice[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="account-devices" className="mt-8">
      <h2 id="account-devices" className="text-xl font-semibold">
        {t('adminAccounts.devices.title')}
      </h2>
      {devices.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t('adminAccounts.devices.empty')}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2 text-sm">
          {devices.map((device) => (
            <li
              key={device.id}
              className="flex flex-wrap justify-between gap-2 rounded-xl border border-slate-200 px-4 py-3 dark:border-slate-800"
            >
              <span className="font-medium break-words">{device.name}</span>
              <span className="text-slate-600 dark:text-slate-300">
                {t(`adminAccounts.devices.kinds.${device.kind}`)} · <RelativeTime iso={device.lastSeenAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
