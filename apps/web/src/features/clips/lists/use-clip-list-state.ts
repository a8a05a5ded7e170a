import { useState } from 'react';
import { NO_FILTERS, pageCount, type ClipFilters } from '../../../lib/clip-filters';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** SPEC §9: typing settles this long before the filters are sent. */
const FILTER_DEBOUNCE_MS = 300;

/**
 * Filters and page of a clip list: what the filter bar shows changes at once, what is sent to the server
 * follows 300 ms later (SPEC §4), and any filter change returns to page 1 (SPEC §2).
 */
export function useClipListState() {
  const [filters, setFiltersNow] = useState<ClipFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const appliedFilters = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const setFilters = (next: ClipFilters) => {
    setFiltersNow(next);
    setPage(1);
  };
  /**
   * Called while rendering with the total just fetched: a deletion can empty the last page, and then the
   * new last page is shown instead of an empty one (React's pattern for state derived from a render).
   */
  const keepPageInRange = (total: number | undefined, pageSize: number) => {
    if (total !== undefined && page > pageCount(total, pageSize)) setPage(pageCount(total, pageSize));
  };
  return { filters, appliedFilters, setFilters, page, setPage, keepPageInRange };
}
