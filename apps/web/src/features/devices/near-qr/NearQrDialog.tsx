import type { Device, DeviceNearPayload } from '@clipsync/shared';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShareOrigin } from '../../../api/network-queries';
import { useDeviceNear } from '../../../realtime/use-device-near';
import { Button } from '../../../ui/Button';
import { Dialog, DialogContent } from '../../../ui/Dialog';
import { useDeviceSigner } from './device-signer';
import { NearVerified } from './NearVerified';
import { nearQrLink } from './near-qr-link';
import { useSecondsLeft, useSignedNearCode, useThisDevice, type SignedNearCode } from './use-near-qr';

/**
 * Device A shows a QR code of a fresh challenge, signed by its own key, for `device`'s camera; the code
 * lasts the challenge's 60 s, then a new one is a button away. When the other device posts the proof, the
 * account's `device:near` tells this dialog, which says so without asking the server again.
 */
export function NearQrDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation();
  const signer = useDeviceSigner();
  const thisDevice = useThisDevice();
  const show = useSignedNearCode(device, signer);
  const [isToldNear, setIsToldNear] = useState(false);
  // A `device:near` missed while the socket was away: the list, reloaded on reconnect, shows a renewed nearness.
  const [nearUntilAtOpen] = useState(device.nearUntil);
  const isVerified = isToldNear || Boolean(device.nearUntil && device.nearUntil !== nearUntilAtOpen);
  const { mutate } = show;
  const canShow = thisDevice.isSuccess;
  // One challenge when the dialog opens (React's second effect in development asks no second one).
  const hasAsked = useRef(false);
  useEffect(() => {
    if (!canShow || hasAsked.current) return;
    hasAsked.current = true;
    mutate();
  }, [canShow, mutate]);
  useDeviceNear(({ deviceIds }: DeviceNearPayload) => {
    if (deviceIds.includes(device.id) && thisDevice.data && deviceIds.includes(thisDevice.data.id)) {
      setIsToldNear(true);
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('devices.nearQr.dialogTitle', { name: device.name })} closeLabel={t('common.close')}>
        {isVerified ? (
          <NearVerified name={device.name} />
        ) : show.isError ? (
          <div className="flex flex-col items-start gap-3">
            <p role="alert">{t('devices.nearQr.makeFailed')}</p>
            <Button variant="secondary" onClick={() => mutate()}>
              {t('devices.nearQr.tryAgain')}
            </Button>
          </div>
        ) : show.data && !show.isPending ? (
          <ShownCode signed={show.data} name={device.name} onRenew={() => mutate()} />
        ) : (
          <p role="status">{t('devices.nearQr.making')}</p>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The QR code and its link while the challenge lasts, then "Show a new code". */
function ShownCode({ signed, name, onRenew }: { signed: SignedNearCode; name: string; onRenew: () => void }) {
  const { t } = useTranslation();
  // Built here, not with the challenge: the machine's LAN origin may arrive after it (a page on localhost).
  const { origin } = useShareOrigin(true);
  const link = nearQrLink(origin, signed.code);
  const secondsLeft = useSecondsLeft(signed.expiresAt);
  if (secondsLeft === 0) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="status">{t('devices.nearQr.expired')}</p>
        <Button onClick={onRenew}>{t('devices.nearQr.newCode')}</Button>
      </div>
    );
  }
  return (
    <figure className="flex flex-col items-center gap-3">
      <div className="rounded-lg bg-white p-3">
        <QRCodeSVG
          value={link}
          size={256}
          // A screen shows the code undamaged: the lowest correction keeps its modules largest for a camera.
          level="L"
          role="img"
          aria-label={t('devices.nearQr.qrLabel', { name })}
          data-link={link}
        />
      </div>
      <figcaption className="flex flex-col items-center gap-1 text-center text-sm">
        <span className="font-medium">{t('devices.nearQr.scan', { name })}</span>
        <span className="text-slate-600 tabular-nums dark:text-slate-300">
          {t('devices.nearQr.timeLeft', { seconds: secondsLeft })}
        </span>
      </figcaption>
      <p className="w-full text-xs break-all text-slate-600 dark:text-slate-300">
        {t('devices.nearQr.orOpen', { name })}{' '}
        <span data-testid="near-qr-link" className="font-mono">
          {link}
        </span>
      </p>
    </figure>
  );
}
