import { useState } from 'react';
import { NO_CONTENT_FILTERS, type RoomContentFilters } from '../../../lib/room-filters';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** Typing settles this long before the filters are sent. */
const FILTER_DEBOUNCE_MS = 300;

/**
 * The content tab's filters and page. What the bar shows changes at once; what is sent to the server
 * follows 300 ms later; any filter change returns to page 1.
 */
export function useRoomContentFilters() {
  const [filters, setFiltersNow] = useState<RoomContentFilters>(NO_CONTENT_FILTERS);
  const [page, setPage] = useState(1);
  const appliedFilters = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const setFilters = (next: RoomContentFilters) => {
    setFiltersNow(next);
    setPage(1);
  };
  return { filters, appliedFilters, setFilters, page, setPage };
}
