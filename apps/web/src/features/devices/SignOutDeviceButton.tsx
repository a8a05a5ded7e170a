import type { Device } from '@clipsync/shared';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveDevice } from '../../api/device-queries';
import { useLogOut } from '../../session/use-log-out';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/use-toast';

/**
 * "Sign out this device", after a confirmation. Another device is removed (its session revoked on the
 * server); this one logs out the usual way, since revoking its own session under it would end in the
 * 'Session Expired' notice instead of a sign-out.
 */
export function SignOutDeviceButton({ device }: { device: Device }) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useRemoveDevice();
  const logOut = useLogOut();
  const [isAsking, setIsAsking] = useState(false);

  const signOut = () => {
    if (device.current) return void logOut();
    remove.mutate(device.id, {
      onSuccess: () => toast.success({ title: t('devices.signedOut', { name: device.name }) }),
      onError: (error) => toast.error({ title: t('devices.signOutFailed'), description: error.message }),
    });
  };

  return (
    <>
      <Button variant="secondary" size="sm" disabled={remove.isPending} onClick={() => setIsAsking(true)}>
        <LogOut className="h-4 w-4" aria-hidden="true" />
        {t('devices.signOut')}
      </Button>
      <ConfirmDialog
        isOpen={isAsking}
        onOpenChange={setIsAsking}
        title={t('devices.signOutTitle', { name: device.name })}
        description={t(device.current ? 'devices.signOutCurrentBody' : 'devices.signOutBody')}
        confirmLabel={t('devices.signOutConfirm')}
        cancelLabel={t('devices.cancel')}
        closeLabel={t('common.close')}
        onConfirm={signOut}
      />
    </>
  );
}
