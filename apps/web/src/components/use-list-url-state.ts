import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { pageCount } from '../lib/clip-filters';
import type { ListParamsCodec } from '../lib/list-params';
import { useDebouncedValue } from '../lib/use-debounced-value';

/** Typing settles this long before the filters are sent. */
const FILTER_DEBOUNCE_MS = 300;

/** Marks the history entries this hook writes, to tell them from Back, Forward and links. */
const OWN_ENTRY = { fromListState: true } as const;
const isOwnEntry = (state: unknown) => (state as Partial<typeof OWN_ENTRY> | null)?.fromListState === true;

/**
 * Filters and page of a list, kept in the URL query so reload, Back and a shared link show the same list.
 * What the filter bar shows changes at once; what is sent to the server follows 300 ms later;
 * any filter change returns to page 1. Typing replaces the URL entry, so Back does not step
 * through keystrokes; choosing a filter or a page adds one. The codec must be a stable (module) value.
 */
export function useListUrlState<Filters extends { search: string }>(codec: ListParamsCodec<Filters>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = searchParams.toString();
  const fromUrl = useMemo(() => codec.read(new URLSearchParams(urlQuery)), [codec, urlQuery]);

  // The search box holds its own text: the router commits URL changes in a transition, behind fast typing.
  // A new entry not written here (Back, Forward, a link) brings its search along, taken over while rendering.
  const location = useLocation();
  const navigationType = useNavigationType();
  const [typed, setTyped] = useState(fromUrl.filters.search);
  const [seenEntry, setSeenEntry] = useState(location.key);
  if (location.key !== seenEntry) {
    setSeenEntry(location.key);
    if (navigationType === 'POP' || !isOwnEntry(location.state)) setTyped(fromUrl.filters.search);
  }

  const filters = useMemo<Filters>(() => ({ ...fromUrl.filters, search: typed }), [fromUrl, typed]);
  const appliedFilters = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);

  const setFilters = (next: Filters) => {
    const isTyping = next.search !== filters.search;
    setTyped(next.search);
    setSearchParams(codec.write({ filters: next, page: 1 }), { replace: isTyping, state: OWN_ENTRY });
  };
  const setPage = (next: number, { replace = false } = {}) =>
    setSearchParams(codec.write({ filters, page: next }), { replace, state: OWN_ENTRY });

  return { filters, appliedFilters, setFilters, page: fromUrl.page, setPage };
}

/**
 * Once a total is known, a page past the end (a deletion emptied the last page, or an old link) is
 * replaced by the new last page instead of showing an empty one.
 */
export function useKeepPageInRange(
  page: number,
  total: number | undefined,
  pageSize: number,
  setPage: (page: number, options: { replace: boolean }) => void,
) {
  const lastPage = total === undefined ? undefined : pageCount(total, pageSize);
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) setPage(lastPage, { replace: true });
  }, [page, lastPage, setPage]);
}
