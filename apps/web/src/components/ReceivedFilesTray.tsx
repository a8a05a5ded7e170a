import { Download, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../lib/browser-files';
import { receivedFiles, type ReceivedFiles } from '../lib/near/received-files';
import { Button } from '../ui/Button';

const noneHeld = () => [];

/**
 * The files another device sent straight to this page and that are not saved or dismissed yet, each with
 * Save and Dismiss, in a corner of every signed-in page until then.
 */
export function ReceivedFilesTray({ files = receivedFiles }: { files?: ReceivedFiles }) {
  const { t } = useTranslation();
  const held = useSyncExternalStore(files.subscribe, files.getHeld, noneHeld);
  if (held.length === 0) return null;
  // Bottom left, clear of the toasts (bottom right) and, on phones, of the bottom navigation.
  return (
    <section
      aria-label={t('nearFiles.trayLabel')}
      className="fixed right-4 bottom-20 left-4 z-40 max-h-64 overflow-y-auto rounded-xl border border-slate-200 bg-white p-3 shadow-lg sm:right-auto sm:w-96 md:bottom-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 className="text-sm font-semibold">{t('nearFiles.trayLabel')}</h2>
      <ul className="mt-2 flex flex-col gap-2">
        {held.map((received) => (
          <li key={received.id} className="flex items-center gap-2 text-sm">
            <span className="min-w-0 flex-1 wrap-anywhere">
              {t('nearFiles.received', {
                name: received.fromName || t('deviceSends.unknownDevice'),
                file: received.file.name,
              })}
            </span>
            <Button
              size="sm"
              variant="secondary"
              aria-label={t('nearFiles.saveFile', { file: received.file.name })}
              onClick={() => {
                saveBlob(received.file, received.file.name);
                files.release(received.id);
              }}
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              {t('nearFiles.save')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('nearFiles.dismiss', { file: received.file.name })}
              onClick={() => files.release(received.id)}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
