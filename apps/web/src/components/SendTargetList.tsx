import type { Device } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { shortIdsOfNamesakes } from '../lib/device-labels';
import { DeviceKindIcon } from './DeviceKindIcon';
import { LastSeen } from './LastSeen';

/** Online devices first (they get it now), each group in the server's order. */
const onlineFirst = (devices: readonly Device[]) => [
  ...devices.filter((device) => device.online),
  ...devices.filter((device) => !device.online),
];

interface SendTargetListProps {
  /** The account's other devices (never this one). */
  devices: readonly Device[];
  /** The device sending, shown last and marked, so that the rows above are plainly the others. */
  thisDevice?: Device | undefined;
  chosen: ReadonlySet<string>;
  onToggle: (deviceId: string, isChosen: boolean) => void;
}

const ROW = 'flex items-center gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800';

/**
 * The devices to send to, as checkboxes, each with its last seen; one whose receiving is off is shown but
 * cannot be chosen. Two devices of one name (given before names were kept unique) each show their short id.
 */
export function SendTargetList({ devices, thisDevice, chosen, onToggle }: SendTargetListProps) {
  const { t } = useTranslation();
  const shortIds = shortIdsOfNamesakes(thisDevice ? [...devices, thisDevice] : devices);
  return (
    <ul className="flex max-h-80 flex-col gap-2 overflow-y-auto">
      {onlineFirst(devices).map((device) => {
        const isOff = device.receivePolicy === 'off';
        return (
          <li key={device.id}>
            <label
              className={
                isOff
                  ? `${ROW} cursor-not-allowed opacity-60`
                  : `${ROW} cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800`
              }
            >
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={chosen.has(device.id)}
                disabled={isOff}
                onChange={(event) => onToggle(device.id, event.target.checked)}
              />
              <DeviceKindIcon kind={device.kind} className="text-slate-600 dark:text-slate-300" />
              <span className="flex min-w-0 flex-col">
                <DeviceLabel device={device} shortId={shortIds.get(device.id)} />
                <span className="text-xs text-slate-600 dark:text-slate-300">
                  {isOff ? (
                    t('deviceSends.receivingOff')
                  ) : device.online ? (
                    t('devices.onlineNow')
                  ) : (
                    <LastSeen iso={device.lastSeenAt} />
                  )}
                </span>
              </span>
            </label>
          </li>
        );
      })}
      {thisDevice && (
        <li aria-label={t('deviceSends.thisDeviceRow', { name: thisDevice.name })} className={ROW}>
          {/* The width of a checkbox, so that the names line up: this device is never a target. */}
          <span className="h-4 w-4" aria-hidden="true" />
          <DeviceKindIcon kind={thisDevice.kind} className="text-slate-600 dark:text-slate-300" />
          <span className="flex min-w-0 flex-col">
            <DeviceLabel device={thisDevice} shortId={shortIds.get(thisDevice.id)} />
            {/* Under the name, not beside it: beside it, a phone's width cut the name short. */}
            <span className="w-fit rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
              {t('devices.thisDevice')}
            </span>
          </span>
        </li>
      )}
    </ul>
  );
}

/** The name, and the start of its id when another listed device has the same name. */
function DeviceLabel({ device, shortId }: { device: Device; shortId: string | undefined }) {
  const { t } = useTranslation();
  return (
    <span className="flex min-w-0 items-baseline gap-1 text-sm">
      <span className="truncate font-medium">{device.name}</span>
      {shortId && (
        <span className="shrink-0 font-mono text-xs text-slate-600 dark:text-slate-300">
          {t('deviceSends.shortId', { id: shortId })}
        </span>
      )}
    </span>
  );
}
