import type { Device } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { DeviceKindIcon } from '../../components/DeviceKindIcon';
import { LastSeen } from '../../components/LastSeen';
import { canLinkDirectly, canProveHere, isProvedNear } from '../../lib/near/nearness';
import { CheckNearbyButton } from './CheckNearbyButton';
import { DeviceNameEditor } from './DeviceNameEditor';
import { NearbyBadge } from './NearbyBadge';
import { NearQrButton } from './near-qr/NearQrButton';
import { ReceivePolicySelect } from './ReceivePolicySelect';
import { SendFilesButton } from './SendFilesButton';
import { SignOutDeviceButton } from './SignOutDeviceButton';

/**
 * One device: kind, name (renamed in place), 'This device' or 'Nearby · verified', presence, and what it may
 * do.
 */
export function DeviceRow({ device }: { device: Device }) {
  const { t } = useTranslation();
  return (
    <li
      aria-label={device.name}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="mt-0.5 rounded-lg bg-slate-100 p-2 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <DeviceKindIcon kind={device.kind} />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <DeviceNameEditor device={device} />
            {device.current && (
              <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
                {t('devices.thisDevice')}
              </span>
            )}
            {isProvedNear(device) && <NearbyBadge />}
          </div>
          <Presence device={device} />
        </div>
      </div>
      {/* Below the name, not beside it: beside it, a device's several actions squeezed its name to nothing. */}
      <div className="flex flex-wrap items-start gap-2">
        {canProveHere() && canLinkDirectly(device) && <CheckNearbyButton device={device} />}
        {canProveHere() && <NearQrButton device={device} />}
        {!device.current && device.online && <SendFilesButton device={device} />}
        <ReceivePolicySelect device={device} />
        <SignOutDeviceButton device={device} />
      </div>
    </li>
  );
}

/** 'Online now' with a green dot, or when it was last seen. */
function Presence({ device }: { device: Device }) {
  const { t } = useTranslation();
  return (
    <span data-testid="device-presence" className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
      <span
        aria-hidden="true"
        className={device.online ? 'h-2 w-2 rounded-full bg-emerald-500' : 'h-2 w-2 rounded-full bg-slate-400'}
      />
      {device.online ? t('devices.onlineNow') : <LastSeen iso={device.lastSeenAt} />}
      <span aria-hidden="true">·</span>
      <span>{t(`devices.kind.${device.kind}`)}</span>
    </span>
  );
}
