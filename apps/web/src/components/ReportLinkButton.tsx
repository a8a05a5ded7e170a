import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportedKind, type ReportReason } from '@clipsync/shared';
import { Flag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useReportLink } from '../api/moderation-queries';
import { Button } from '../ui/Button';
import { Dialog, DialogContent, DialogTrigger } from '../ui/Dialog';
import { DialogFormActions } from '../ui/DialogFormActions';

interface ReportLinkButtonProps {
  kind: ReportedKind;
  /** What the visitor's link names: a clip's link id, a desktop's or a room's share token. */
  link: string;
}

/**
 * "Report this link" on a signed-out view of a shared clip, a shared desktop or a room's link: a reason from
 * the short list and an optional note, sent without an account; thanks, or the per-address limit, after.
 */
export function ReportLinkButton({ kind, link }: ReportLinkButtonProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const report = useReportLink();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');

  const openChange = (open: boolean) => {
    setIsOpen(open);
    if (open) return;
    report.reset();
    setReason(null);
    setNote('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    report.mutate({ kind, link, reason, ...(note.trim() ? { note: note.trim() } : {}) });
  };
  const isLimited = report.error instanceof ApiError && report.error.status === 429;

  return (
    <Dialog open={isOpen} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <Flag className="h-4 w-4" aria-hidden="true" />
          {t('moderation.report')}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t('moderation.report')}
        description={t('moderation.reportIntro')}
        closeLabel={t('moderation.close')}
      >
        {report.isSuccess ? (
          <p role="status" className="text-sm">
            {t('moderation.thanks')}
          </p>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-4">
            <fieldset className="flex flex-col gap-2 text-sm">
              <legend className="mb-1 font-medium">{t('moderation.reasonLabel')}</legend>
              {REPORT_REASONS.map((choice) => (
                <label key={choice} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="report-reason"
                    value={choice}
                    checked={reason === choice}
                    onChange={() => setReason(choice)}
                    className="h-4 w-4 accent-indigo-600 dark:scheme-dark dark:accent-indigo-400"
                  />
                  {t(`moderation.reasons.${choice}`)}
                </label>
              ))}
            </fieldset>
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t('moderation.note')}
              <textarea
                value={note}
                maxLength={REPORT_NOTE_MAX}
                rows={3}
                onChange={(event) => setNote(event.target.value)}
                className="rounded-md border border-slate-300 bg-white p-2 font-normal dark:border-slate-700 dark:bg-slate-950"
              />
            </label>
            {report.isError && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {t(isLimited ? 'moderation.limited' : 'moderation.failed')}
              </p>
            )}
            <DialogFormActions
              cancelLabel={t('moderation.cancel')}
              submitLabel={t('moderation.send')}
              canSubmit={reason !== null && !report.isPending}
            />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
