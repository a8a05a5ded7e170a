import type { DeviceSendResult } from '@clipsync/shared';
import { CheckCircle2, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Per device, what became of a send: delivered now, or queued until the device comes back. */
export function SendResultList({
  sends,
  nameOf,
}: {
  sends: readonly DeviceSendResult[];
  nameOf: (id: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('deviceSends.resultsLabel')} className="flex flex-col gap-2">
      {sends.map((send) => (
        <li
          key={send.id}
          aria-label={nameOf(send.deviceId)}
          className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800"
        >
          {send.status === 'delivered' ? (
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden="true" />
          ) : (
            <Clock className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden="true" />
          )}
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-medium">{nameOf(send.deviceId)}</span>
            <span data-testid="send-status" className="text-slate-600 dark:text-slate-300">
              {t(send.status === 'delivered' ? 'deviceSends.delivered' : 'deviceSends.queued')}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
