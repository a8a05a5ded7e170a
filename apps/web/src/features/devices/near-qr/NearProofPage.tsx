import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDevices } from '../../../api/device-queries';
import { useDeviceSigner } from './device-signer';
import { parseNearQrFragment } from './near-qr-link';
import { NearVerified } from './NearVerified';
import { scannedCodeFailure, useProveScannedCode, useThisDevice } from './use-near-qr';

/**
 * `/devices/near#c=…`, where device B's camera opens the QR code device A shows: if the code is for this
 * device, it signs the same text with its own key and posts the proof, and says "Nearby · verified".
 */
export default function NearProofPage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  // Read once: the link's fragment is the code, whatever the address shows later.
  const [code] = useState(() => parseNearQrFragment(hash));
  const thisDevice = useThisDevice();
  const signer = useDeviceSigner();
  const { proof, isForThisDevice } = useProveScannedCode(code, thisDevice.data?.id, signer);
  const devices = useDevices();
  const issuerName =
    devices.data?.devices.find((device) => device.id === code?.issuerDeviceId)?.name ??
    t('devices.nearQr.yourOtherDevice');

  const outcome = (): ReactNode => {
    if (!code) return <Message alert text={t('devices.nearQr.invalid')} />;
    if (thisDevice.isPending) return <Message text={t('devices.nearQr.checking')} />;
    if (thisDevice.isError) return <Message alert text={t('devices.nearQr.failedScan')} />;
    if (!isForThisDevice) return <Message alert text={t('devices.nearQr.otherDevice')} />;
    if (proof.isSuccess) return <NearVerified name={issuerName} />;
    if (proof.isError) {
      const failure = scannedCodeFailure(proof.error);
      return (
        <Message alert text={t(failure === 'expired' ? 'devices.nearQr.expiredScan' : 'devices.nearQr.failedScan')} />
      );
    }
    return <Message text={t('devices.nearQr.checking')} />;
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('devices.nearQr.pageTitle')}</h1>
      <div className="mt-6">{outcome()}</div>
      <Link
        to="/devices"
        className="mt-6 inline-block text-sm font-medium text-indigo-700 underline dark:text-indigo-300"
      >
        {t('devices.nearQr.backToDevices')}
      </Link>
    </div>
  );
}

function Message({ text, alert = false }: { text: string; alert?: boolean }) {
  return <p role={alert ? 'alert' : 'status'}>{text}</p>;
}
