import { ReportQueueStatus } from '@clipsync/shared';
import { choiceParam, listParamsCodec } from '../../../lib/list-params';

/**
 * The reports queue's tab and page, kept in the URL (`?status=resolved&page=2`) so reload and Back return to
 * them. The queue has no search box: `search` stays empty, as the list hook expects one.
 */
export interface ReportListFilters {
  search: string;
  status: ReportQueueStatus;
}

/** The default tab and page 1 stay out of the URL; unknown values read as the default. */
export const reportListParams = listParamsCodec<ReportListFilters>(
  { search: '', status: 'open' },
  { status: choiceParam('status', ReportQueueStatus.options) },
);
