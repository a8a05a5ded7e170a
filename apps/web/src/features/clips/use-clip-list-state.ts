import { FILTER_DEBOUNCE_MS } from '@clipsync/shared';
import { useState } from 'react';
import { NO_FILTERS, type ClipFilters } from '../../lib/clip-filters';
import { useDebouncedValue } from '../../lib/use-debounced-value';

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
  return { filters, appliedFilters, setFilters, page, setPage };
}
