import type { Device } from '@clipsync/shared';
import type { TFunction } from 'i18next';
import { Paperclip } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { Button } from '../../ui/Button';
import { useSendFiles, type FilesRoute } from './use-send-files';

/**
 * "Send files" to another online device: the files picked go straight to it when the two are proved near,
 * else through the server; the row then says which way they went, or why they did not.
 */
export function SendFilesButton({ device }: { device: Device }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const send = useSendFiles(device);
  const [route, setRoute] = useState<FilesRoute | null>(null);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Emptied, so that picking the same files again is a change too.
    event.target.value = '';
    if (files.length === 0) return;
    setRoute(null);
    send.mutate(files, { onSuccess: setRoute });
  };

  return (
    <div className="flex flex-col items-start gap-1">
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label={t('nearFiles.pickLabel', { name: device.name })}
        onChange={pick}
      />
      <Button variant="secondary" size="sm" disabled={send.isPending} onClick={() => input.current?.click()}>
        <Paperclip className="h-4 w-4" aria-hidden="true" />
        {t('nearFiles.send')}
      </Button>
      <p role="status" className="max-w-xs text-xs text-slate-600 dark:text-slate-300">
        {send.progress
          ? t('nearFiles.sending', { file: send.progress.name, percent: Math.round(send.progress.fraction * 100) })
          : route && !send.isPending
            ? t(route === 'direct' ? 'nearFiles.sentDirectly' : 'nearFiles.sentThroughServer', { name: device.name })
            : null}
      </p>
      {send.isError && (
        <p role="alert" className="max-w-xs text-xs text-red-700 dark:text-red-400">
          {sendFilesErrorText(send.error, device, t)}
        </p>
      )}
    </div>
  );
}

/** A refusal in words: the device does not receive, or the server's reason. */
function sendFilesErrorText(error: Error, device: Device, t: TFunction) {
  if (error instanceof ApiError && error.code === 'DEVICE_NOT_RECEIVING') {
    return t('deviceSends.notReceiving', { names: device.name });
  }
  return error.message ? `${t('nearFiles.sendFailed')}: ${error.message}` : t('nearFiles.sendFailed');
}
