import type { CLIP_ENDPOINTS, ClipDateRange, ClipTypeFilter, QueryOf } from '@clipsync/shared';

/** The filters of the clip lists: search text, type, favourite and date range. */
export interface ClipFilters {
  search: string;
  type: ClipTypeFilter;
  favorite: boolean | null;
  dateRange: ClipDateRange;
}

export const NO_FILTERS: ClipFilters = { search: '', type: 'all', favorite: null, dateRange: 'all' };

export function hasActiveFilters(filters: ClipFilters): boolean {
  return (
    filters.search.trim() !== '' || filters.type !== 'all' || filters.favorite !== null || filters.dateRange !== 'all'
  );
}

/**
 * The history query the server filters and pages by (docs/features.md, Clips): only the filters that narrow,
 * so the default list's address stays `limit=…&offset=…`.
 */
export function toHistoryQuery(
  filters: ClipFilters,
  page: { limit: number; offset: number },
): QueryOf<typeof CLIP_ENDPOINTS.history> {
  return {
    limit: page.limit,
    offset: page.offset,
    search: filters.search.trim() || undefined,
    type: filters.type !== 'all' ? filters.type : undefined,
    favorite: filters.favorite === null ? undefined : filters.favorite ? 'true' : 'false',
    range: filters.dateRange !== 'all' ? filters.dateRange : undefined,
  };
}

/** Pages for a total; an empty list is still "Page 1 of 1". */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
