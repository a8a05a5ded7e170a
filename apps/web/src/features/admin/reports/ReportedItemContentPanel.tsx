import type { ReportedItemParams } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { useReportedContent } from '../../../api/moderation-queries';
import { formatFileSize } from '../../../lib/file-size';

/** A reported item's content, fetched when the admin asked to see it, and shown as plain text. */
export function ReportedItemContentPanel({ item }: { item: ReportedItemParams }) {
  const { t } = useTranslation();
  const content = useReportedContent(item, true);
  if (content.isPending) return <p role="status">{t('moderation.contentLoading')}</p>;
  if (content.isError) return <p role="alert">{t('moderation.contentFailed')}</p>;
  const { texts, files } = content.data;
  if (texts.length === 0 && files.length === 0) return <p className="mt-3 text-sm">{t('moderation.contentEmpty')}</p>;
  return (
    <div className="mt-3 flex flex-col gap-2 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-950">
      {texts.map((text, index) => (
        <pre key={index} className="max-h-64 overflow-auto break-words whitespace-pre-wrap">
          {text}
        </pre>
      ))}
      {files.length > 0 && (
        <ul className="list-disc pl-5">
          {files.map((file, index) => (
            <li key={index} className="break-all">
              {file.name} ({formatFileSize(file.size)})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
