import { canAcceptInto, RECEIVE_POLICIES, type Device, type ReceivePolicy } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { useUpdateDevice } from '../../api/device-queries';
import { Select } from '../../ui/Select';
import { useToast } from '../../ui/use-toast';

/**
 * What a device does with a send addressed to it: ask, accept into the clipboard, or off. A browser tab
 * cannot write the clipboard unasked, so only a CLI or the installed app is offered "accept".
 */
export function ReceivePolicySelect({ device }: { device: Device }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateDevice();
  const options = RECEIVE_POLICIES.filter((policy) => policy !== 'accept' || canAcceptInto(device.kind)).map(
    (policy) => ({ value: policy, label: t(`devices.receive.${policy}`) }),
  );
  const choose = (receivePolicy: ReceivePolicy) =>
    update.mutate(
      { id: device.id, receivePolicy },
      {
        onSuccess: () => toast.success({ title: t('devices.receive.saved') }),
        onError: (error) => toast.error({ title: t('devices.receive.saveFailed'), description: error.message }),
      },
    );
  return (
    <span className="flex items-center gap-2 text-sm">
      <span className="text-slate-600 dark:text-slate-300" aria-hidden="true">
        {t('devices.receive.label')}
      </span>
      <Select
        label={t('devices.receive.labelNamed', { name: device.name })}
        value={device.receivePolicy}
        onValueChange={choose}
        options={options}
        className="min-w-40"
      />
    </span>
  );
}
