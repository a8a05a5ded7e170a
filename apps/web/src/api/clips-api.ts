import { CLIP_ENDPOINTS, type Clip, type UpdateClipShareRequest } from '@clipsync/shared';
import { toHistoryQuery, type ClipFilters } from '../lib/clip-filters';
import { ApiError, call, callWithHeaders, fetchFile, upload, type ProgressListener } from './client';

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

/** The clip calls; screens reach them through the hooks in clip-queries.ts and clip-mutations.ts. */
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
  stats: () => call(CLIP_ENDPOINTS.stats),
  get: (id: string) => call(CLIP_ENDPOINTS.get, { params: { id } }),
  /** The clip again, for a page already showing it: the same visit, so not another entry in its view log. */
  refresh: (id: string) => call(CLIP_ENDPOINTS.get, { params: { id }, query: { refresh: 'true' } }),
  /** `encrypted`: the content is an envelope of docs/encryption.md, and the clip stays end-to-end encrypted. */
  create: (content = '', { encrypted = false } = {}) =>
    call(CLIP_ENDPOINTS.create, { body: encrypted ? { content, encrypted } : { content } }),
  update: (id: string, content: string, version?: number) =>
    call(CLIP_ENDPOINTS.update, { params: { id }, body: { content, version } }),
  remove: (id: string) => call(CLIP_ENDPOINTS.remove, { params: { id } }),
  toggleFavorite: (id: string) => call(CLIP_ENDPOINTS.toggleFavorite, { params: { id } }),
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
  removeFile: (id: string, fileId: string) => call(CLIP_ENDPOINTS.removeFile, { params: { id, fileId } }),
  /** "Show clip": spends a view of a limited link and answers the clip with its view grant. */
  open: (id: string, password?: string) => call(CLIP_ENDPOINTS.open, { params: { id }, body: { password } }),
  updateShare: (id: string, settings: UpdateClipShareRequest) =>
    call(CLIP_ENDPOINTS.updateShare, { params: { id }, body: settings }),
  removeShare: (id: string) => call(CLIP_ENDPOINTS.removeShare, { params: { id } }),
  views: (id: string) => call(CLIP_ENDPOINTS.views, { params: { id } }),
};
