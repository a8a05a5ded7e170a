/**
 * The clip calls that do more than name an entry of the shared table, so they keep a name of their own: a
 * list page's total is read from the answer's headers, a file goes up over XMLHttpRequest to report its
 * progress, and a stored file's bytes are read as a stream. Every other clip call is `call(CLIP_ENDPOINTS…)`
 * in its hook (clip-queries.ts, clip-mutations.ts).
 */
import { CLIP_ENDPOINTS, type Clip } from '@clipsync/shared';
import { toHistoryQuery, type ClipFilters } from '../lib/clip-filters';
import { ApiError, callWithHeaders, fetchFile, upload, type ProgressListener } from './client';

export interface ClipPage {
  clips: Clip[];
  total: number;
  /** The server stopped counting at `total` (HISTORY_TOTAL_AHEAD past the page): there are more matches ('10+' pages). */
  isTotalCapped?: boolean;
}

/** A page's clips and its total, which a counted (searched, date-ranged) list may cap (`X-Total-Count-Capped`). */
const pageFrom = (clips: Clip[], headers: Headers, total: number): ClipPage => ({
  clips,
  total,
  isTotalCapped: headers.get('x-total-count-capped') === 'true',
});
export interface PageRequest {
  limit: number;
  offset: number;
}

/** Screens reach these through the hooks in clip-queries.ts, clip-mutations.ts and sealed-file-queries.ts. */
export const clipsApi = {
  async history(filters: ClipFilters, page: PageRequest): Promise<ClipPage> {
    const query = toHistoryQuery(filters, page);
    const { body, headers } = await callWithHeaders(CLIP_ENDPOINTS.history, { query });
    return pageFrom(body, headers, Number(headers.get('x-total-count') ?? body.length));
  },
  async favorites(filters: ClipFilters, page: PageRequest): Promise<ClipPage> {
    const query = toHistoryQuery({ ...filters, favorite: null }, page);
    const { body, headers } = await callWithHeaders(CLIP_ENDPOINTS.favorites, { query });
    return pageFrom(body.clips, headers, body.total);
  },
  uploadFile: (id: string, file: File, onProgress?: ProgressListener) =>
    upload(CLIP_ENDPOINTS.uploadFile, { params: { id }, file, onProgress }),
  /**
   * A stored file's bytes as they arrive, from its `url` (which carries any grant): an end-to-end encrypted
   * file is opened in the browser. `headBytes` asks for the start only, for its sealed name; a server that
   * ignores the Range sends the whole file, and the reader stops when it has read enough.
   */
  async readFile(url: string, { headBytes }: { headBytes?: number } = {}): Promise<ReadableStream<Uint8Array>> {
    const response = await fetchFile(url, headBytes ? { range: { start: 0, end: headBytes - 1 } } : {});
    if (!response.body) throw new ApiError('', response.status, 'HTTP_ERROR');
    return response.body;
  },
};
