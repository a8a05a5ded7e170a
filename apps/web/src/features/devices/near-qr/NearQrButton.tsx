import type { Device } from '@clipsync/shared';
import { QrCode } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { NearQrDialog } from './NearQrDialog';

/**
 * Only another browser with a registered key: a phone's camera opens the link in its browser, which is not
 * its installed app (on iOS they do not even share storage), and a CLI cannot sign.
 */
const canProveWith = (device: Device) => !device.current && device.hasKey === true && device.kind === 'browser';

/** "Prove with a QR code" on another device's row: this device shows a code for that one's camera. */
export function NearQrButton({ device }: { device: Device }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  if (!canProveWith(device)) return null;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setIsOpen(true)}>
        <QrCode className="h-4 w-4" aria-hidden="true" />
        {t('devices.nearQr.button')}
      </Button>
      {isOpen && <NearQrDialog device={device} onClose={() => setIsOpen(false)} />}
    </>
  );
}
