import { ReportQueueStatus } from '@clipsync/shared';
import type { ListParams, ListParamsCodec } from '../../../components/use-list-url-state';
import { oneOf } from '../../../lib/one-of';

/**
 * The reports queue's tab and page, kept in the URL (`?status=resolved&page=2`) so reload and Back return to
 * them. The queue has no search box: `search` stays empty, as the list hook expects one.
 */
export interface ReportListFilters {
  search: string;
  status: ReportQueueStatus;
}

const DEFAULT_STATUS: ReportQueueStatus = 'open';

/** The default tab and page 1 stay out of the URL; unknown values read as the default. */
export const reportListParams: ListParamsCodec<ReportListFilters> = {
  read(params): ListParams<ReportListFilters> {
    const page = Number(params.get('page'));
    return {
      filters: { search: '', status: oneOf(ReportQueueStatus.options, params.get('status')) ?? DEFAULT_STATUS },
      page: Number.isInteger(page) && page > 1 ? page : 1,
    };
  },
  write({ filters, page }) {
    const params = new URLSearchParams();
    if (filters.status !== DEFAULT_STATUS) params.set('status', filters.status);
    if (page > 1) params.set('page', String(page));
    return params;
  },
};
