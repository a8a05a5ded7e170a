import { AUDIT_EXPORT_FORMATS, AUDIT_PAGE_SIZE, type AuditFilters } from '@clipsync/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAuditExport, useAuditLog } from '../../../api/audit-queries';
import { LoadFailed } from '../../../components/LoadFailed';
import { Pager } from '../../../components/Pager';
import { Button } from '../../../ui/Button';
import { useToast } from '../../../ui/use-toast';
import { AuditFiltersForm } from './AuditFiltersForm';
import { AuditTable } from './AuditTable';
import { QueryState } from '../../../ui/QueryState';

const EXPORT_LABEL_KEYS = { csv: 'audit.exportCsv', jsonl: 'audit.exportJsonl' } as const;

/**
 * `/admin/audit`, "Audit log": every admin action and security event, newest first, filtered, paged, and
 * exported under the same filters as CSV or JSON Lines.
 */
export default function AuditPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(0);
  const log = useAuditLog(filters, page);
  const apply = (next: AuditFilters) => {
    setFilters(next);
    setPage(0);
  };
  const exportAs = (format: (typeof AUDIT_EXPORT_FORMATS)[number]) =>
    downloadAuditExport({ ...filters, format }).catch(() => toast.error({ title: t('audit.exportFailed') }));
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('audit.title')}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('audit.intro')}</p>
      <div className="mt-6">
        <AuditFiltersForm filters={filters} onApply={apply} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {AUDIT_EXPORT_FORMATS.map((format) => (
          <Button key={format} variant="secondary" size="sm" onClick={() => void exportAs(format)}>
            <Download aria-hidden className="mr-1 h-4 w-4" />
            {t(EXPORT_LABEL_KEYS[format])}
          </Button>
        ))}
      </div>
      <section aria-label={t('audit.entries')} className="mt-6">
        <QueryState
          query={log}
          refreshFailed={t('audit.loadFailed')}
          loading={{ label: t('audit.loading'), rows: 2, rowClassName: 'h-10 w-full' }}
          failed={
            <LoadFailed title={t('audit.loadFailed')} onRetry={() => void log.refetch()} isRetrying={log.isFetching} />
          }
          isEmpty={(data) => data.events.length === 0}
          empty={t('audit.empty')}
        >
          {(data) => (
            <>
              <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">
                {t(data.isTotalCapped ? 'audit.totalAtLeast' : 'audit.total', { count: data.total })}
              </p>
              <AuditTable events={data.events} />
              <Pager
                page={page + 1}
                pages={Math.ceil(data.total / AUDIT_PAGE_SIZE)}
                hasMore={data.isTotalCapped}
                onPageChange={(next) => setPage(next - 1)}
              />
            </>
          )}
        </QueryState>
      </section>
    </div>
  );
}
