import type { CreatedDeviceSends, Device } from '@clipsync/shared';
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError } from '../api/api-error';
import { useDevices, useSendToDevices } from '../api/device-queries';
import { useDevicePresence } from '../realtime/use-device-presence';
import { useSealedClipboard } from '../session/use-sealed-clipboard';
import { Button } from '../ui/Button';
import { Dialog, DialogClose, DialogContent } from '../ui/Dialog';
import { Skeleton } from '../ui/Skeleton';
import { SendResultList } from './SendResultList';
import { SendTargetList } from './SendTargetList';
import { LoadFailed } from './LoadFailed';
import { LockedClipboard } from './LockedClipboard';

/** What is sent: one of the user's clips (its text and files), or text (a desktop block's). */
export type SendContent = { clipId: string } | { text: string };

interface SendToDeviceDialogProps {
  /** Open while there is something to send. */
  content: SendContent | null;
  onClose: () => void;
  /** Told once the server has answered a send (the dialog then shows what became of each). */
  onSent?: (result: CreatedDeviceSends) => void;
}

/**
 * "Send to a device": the account's other devices (online first, each with its last seen) as checkboxes, this
 * device marked below them, then what became of each send.
 */
export function SendToDeviceDialog({ content, onClose, onSent }: SendToDeviceDialogProps) {
  const { t } = useTranslation();
  // What the last send became; the next opening starts without it.
  const [result, setResult] = useState<CreatedDeviceSends | null>(null);
  const close = () => {
    setResult(null);
    onClose();
  };
  const description = result
    ? 'deviceSends.describeResults'
    : content && 'clipId' in content
      ? 'deviceSends.describeClip'
      : 'deviceSends.describeText';
  return (
    <Dialog open={content !== null} onOpenChange={(isOpen) => !isOpen && close()}>
      {content && (
        <DialogContent title={t('deviceSends.title')} description={t(description)} closeLabel={t('common.close')}>
          <SendForm
            content={content}
            result={result}
            onSent={(sent) => {
              setResult(sent);
              onSent?.(sent);
            }}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

interface SendFormProps {
  content: SendContent;
  result: CreatedDeviceSends | null;
  onSent: (result: CreatedDeviceSends) => void;
}

/**
 * Mounted with each opening, so a new send starts with nothing chosen. Text of an account whose clipboard is
 * encrypted end to end is sealed here before it goes; a locked device (or one still reading its key) sends none.
 */
function SendForm({ content, result, onSent }: SendFormProps) {
  const { t } = useTranslation();
  const devices = useDevices();
  useDevicePresence();
  const send = useSendToDevices();
  const clipboard = useSealedClipboard();
  const isText = 'text' in content;
  const canSend = !isText || clipboard.state === 'off' || clipboard.state === 'unlocked';
  const isLocked = isText && clipboard.state === 'locked';
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const others = devices.data?.devices.filter((device) => !device.current) ?? [];
  const thisDevice = devices.data?.devices.find((device) => device.current);
  const nameOf = (id: string) => others.find((device) => device.id === id)?.name ?? t('deviceSends.unknownDevice');

  const toggle = (deviceId: string, isChosen: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (isChosen) next.add(deviceId);
      else next.delete(deviceId);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only devices still listed and receiving: one may have been signed out or turned off meanwhile.
    const to = others.filter((device) => chosen.has(device.id) && device.receivePolicy !== 'off').map(({ id }) => id);
    if (to.length === 0 || !canSend) return;
    const sealWith = clipboard.state === 'unlocked' ? clipboard.sealingKey : null;
    send.mutate('text' in content ? { to, text: content.text, sealWith } : { to, clipId: content.clipId }, {
      onSuccess: onSent,
    });
  };

  if (result) {
    return (
      <div className="flex flex-col gap-4">
        <SendResultList sends={result.sends} nameOf={nameOf} />
        <div className="flex justify-end">
          <DialogClose asChild>
            <Button>{t('deviceSends.done')}</Button>
          </DialogClose>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      {isLocked && <LockedClipboard variant="banner" />}
      <Targets devices={devices} others={others} thisDevice={thisDevice} chosen={chosen} onToggle={toggle} />
      {send.isError && !isLocked && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {sendErrorText(send.error, nameOf, t)}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            {t('devices.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={chosen.size === 0 || send.isPending || !canSend}>
          <Send className="h-4 w-4" aria-hidden="true" />
          {send.isPending ? t('deviceSends.sending') : t('deviceSends.send')}
        </Button>
      </div>
    </form>
  );
}

interface TargetsProps {
  devices: ReturnType<typeof useDevices>;
  others: readonly Device[];
  thisDevice: Device | undefined;
  chosen: ReadonlySet<string>;
  onToggle: (deviceId: string, isChosen: boolean) => void;
}

/** The list, or why there is none: loading, failed, or no other device yet. */
function Targets({ devices, others, thisDevice, chosen, onToggle }: TargetsProps) {
  const { t } = useTranslation();
  if (devices.isPending) {
    return (
      <div role="status" aria-label={t('devices.loading')} className="flex flex-col gap-2">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (devices.isError) {
    return (
      <LoadFailed
        title={t('loadFailed.devices')}
        onRetry={() => void devices.refetch()}
        isRetrying={devices.isFetching}
        className="p-6"
      />
    );
  }
  if (others.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('deviceSends.noOther')}</p>;
  return <SendTargetList devices={others} thisDevice={thisDevice} chosen={chosen} onToggle={onToggle} />;
}

/** A refusal in words: which devices do not receive, or the server's reason. */
function sendErrorText(error: Error, nameOf: (id: string) => string, t: TFunction) {
  if (error instanceof ApiError && error.code === 'DEVICE_NOT_RECEIVING') {
    return t('deviceSends.notReceiving', { names: error.deviceIds.map(nameOf).join(', ') });
  }
  // The account's clipboard was sealed elsewhere since this page asked: its status is asked again.
  if (error instanceof ApiError && error.code === 'CLIPBOARD_SEALED') return t('privacy.e2e.lockedIntro');
  return error.message ? `${t('deviceSends.sendFailed')}: ${error.message}` : t('deviceSends.sendFailed');
}
