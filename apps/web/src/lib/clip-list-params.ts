import { NO_FILTERS, type ClipFilters } from './clip-filters';
import { booleanParam, choiceParam, listParamsCodec, textParam } from './list-params';

/** A clip list's filters and page as a URL query (`?q=…&type=file&favorite=true&range=week&page=2`). */
export const clipListParams = listParamsCodec<ClipFilters>(NO_FILTERS, {
  search: textParam('q'),
  type: choiceParam('type', ['text', 'file']),
  favorite: booleanParam('favorite'),
  dateRange: choiceParam('range', ['today', 'week', 'month']),
});
