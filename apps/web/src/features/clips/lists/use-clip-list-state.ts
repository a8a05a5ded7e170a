import { useListUrlState, type ListParamsCodec } from '../../../components/use-list-url-state';
import type { ClipFilters } from '../../../lib/clip-filters';
import { readClipListParams, writeClipListParams } from '../../../lib/clip-list-params';

const CLIP_LIST = { read: readClipListParams, write: writeClipListParams } satisfies ListParamsCodec<ClipFilters>;
/** The favourites page hides the favourite filter, so a `favorite` in its URL is ignored. */
const FAVORITES_LIST = {
  read: (params) => {
    const state = readClipListParams(params);
    return { ...state, filters: { ...state.filters, favorite: null } };
  },
  write: ({ filters, page }) => writeClipListParams({ filters: { ...filters, favorite: null }, page }),
} satisfies ListParamsCodec<ClipFilters>;

/** Filters and page of a clip list, in the URL query (see `useListUrlState`). */
export function useClipListState({ withFavoriteFilter = true }: { withFavoriteFilter?: boolean } = {}) {
  return useListUrlState(withFavoriteFilter ? CLIP_LIST : FAVORITES_LIST);
}
