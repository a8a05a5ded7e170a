import type { Device } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
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
  chosen: ReadonlySet<string>;
  onToggle: (deviceId: string, isChosen: boolean) => void;
}

/** The devices to send to, as checkboxes; one whose receiving is off is shown but cannot be chosen. */
export function SendTargetList({ devices, chosen, onToggle }: SendTargetListProps) {
  const { t } = useTranslation();
  return (
    <ul className="flex max-h-80 flex-col gap-2 overflow-y-auto">
      {onlineFirst(devices).map((device) => {
        const isOff = device.receivePolicy === 'off';
        return (
          <li key={device.id}>
            <label
              className={
                isOff
                  ? 'flex cursor-not-allowed items-center gap-3 rounded-lg border border-slate-200 p-3 opacity-60 dark:border-slate-800'
                  : 'flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800'
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
                <span className="truncate text-sm font-medium">{device.name}</span>
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
    </ul>
  );
}
