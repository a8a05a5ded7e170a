import type { Clip, UpdateClipShareRequest } from '@clipsync/shared';
import { toHistoryQuery, type ClipFilters } from '../lib/clip-filters';
import { call, callWithHeaders, upload, type ProgressListener } from './client';
import { clipEndpoints } from './endpoints';

export interface ClipPage {
  clips: Clip[];
  total: number;
}
export interface PageRequest {
  limit: number;
  offset: number;
}

/** The clip calls; screens reach them through the hooks in clip-queries.ts and clip-mutations.ts. */
export const clipsApi = {
  async history(filters: ClipFilters, page: PageRequest): Promise<ClipPage> {
    const query = toHistoryQuery(filters, page);
    const { body, headers } = await callWithHeaders(clipEndpoints.history, { query });
    return { clips: body, total: Number(headers.get('x-total-count') ?? body.length) };
  },
  favorites: (filters: ClipFilters, page: PageRequest) =>
    call(clipEndpoints.favorites, { query: toHistoryQuery({ ...filters, favorite: null }, page) }),
  stats: () => call(clipEndpoints.stats),
  get: (id: string) => call(clipEndpoints.get, { params: { id } }),
  create: (content = '') => call(clipEndpoints.create, { body: { content } }),
  update: (id: string, content: string, version?: number) =>
    call(clipEndpoints.update, { params: { id }, body: { content, version } }),
  remove: (id: string) => call(clipEndpoints.remove, { params: { id } }),
  toggleFavorite: (id: string) => call(clipEndpoints.toggleFavorite, { params: { id } }),
  uploadFile: (id: string, file: File, onProgress?: ProgressListener) =>
    upload(clipEndpoints.uploadFile, { params: { id }, file, onProgress }),
  removeFile: (id: string, fileId: string) => call(clipEndpoints.removeFile, { params: { id, fileId } }),
  /** "Show clip": spends a view of a limited link and answers the clip with its view grant. */
  open: (id: string, password?: string) => call(clipEndpoints.open, { params: { id }, body: { password } }),
  updateShare: (id: string, settings: UpdateClipShareRequest) =>
    call(clipEndpoints.updateShare, { params: { id }, body: settings }),
  removeShare: (id: string) => call(clipEndpoints.removeShare, { params: { id } }),
  views: (id: string) => call(clipEndpoints.views, { params: { id } }),
};
