import { useListUrlState } from '../../../components/use-list-url-state';
import type { ClipFilters } from '../../../lib/clip-filters';
import { clipListParams } from '../../../lib/clip-list-params';
import type { ListParamsCodec } from '../../../lib/list-params';

/** The favourites page hides the favourite filter, so a `favorite` in its URL is ignored. */
const FAVORITES_LIST = {
  read: (params) => {
    const state = clipListParams.read(params);
    return { ...state, filters: { ...state.filters, favorite: null } };
  },
  write: ({ filters, page }) => clipListParams.write({ filters: { ...filters, favorite: null }, page }),
} satisfies ListParamsCodec<ClipFilters>;

/** Filters and page of a clip list, in the URL query (see `useListUrlState`). */
export function useClipListState({ withFavoriteFilter = true }: { withFavoriteFilter?: boolean } = {}) {
  return useListUrlState(withFavoriteFilter ? clipListParams : FAVORITES_LIST);
}
