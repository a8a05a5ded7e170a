import type { Clip, ClipStats, FavoriteResult, UploadResult } from '@clipsync/shared';
import { toHistoryQuery, type ClipFilters } from '../lib/clip-filters';
import { apiRequest, apiRequestWithHeaders, apiUpload, type ProgressListener } from './client';

export interface ClipPage {
  clips: Clip[];
  total: number;
}
export interface PageRequest {
  limit: number;
  offset: number;
}

/** SPEC §7 clip calls; screens reach them through the hooks in clip-queries.ts. */
export const clipsApi = {
  async history(filters: ClipFilters, page: PageRequest): Promise<ClipPage> {
    const { body, headers } = await apiRequestWithHeaders<Clip[]>(
      `/clipboard/history?${toHistoryQuery(filters, page)}`,
    );
    return { clips: body, total: Number(headers.get('x-total-count') ?? body.length) };
  },
  favorites: (filters: ClipFilters, page: PageRequest) =>
    apiRequest<ClipPage>(`/clipboard/favorites?${toHistoryQuery({ ...filters, favorite: null }, page)}`),
  stats: () => apiRequest<ClipStats>('/clipboard/stats'),
  get: (id: string) => apiRequest<Clip>(`/clipboard/${encodeURIComponent(id)}`),
  create: (content = '') => apiRequest<Clip>('/clipboard', { method: 'POST', body: { content } }),
  update: (id: string, content: string) =>
    apiRequest<Clip>(`/clipboard/${encodeURIComponent(id)}`, { method: 'PUT', body: { content } }),
  remove: (id: string) => apiRequest<void>(`/clipboard/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  toggleFavorite: (id: string) =>
    apiRequest<FavoriteResult>(`/clipboard/${encodeURIComponent(id)}/favorite`, { method: 'POST' }),
  uploadFile(id: string, file: File, onProgress?: ProgressListener) {
    const form = new FormData();
    form.append('file', file);
    return apiUpload<UploadResult>(`/clipboard/${encodeURIComponent(id)}/files`, form, onProgress);
  },
  deleteFile: (id: string, fileId: string) =>
    apiRequest<void>(`/clipboard/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}`, { method: 'DELETE' }),
};
