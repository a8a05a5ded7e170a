import {
  DESKTOP_ENDPOINTS,
  type CallExtras,
  type DesktopLayoutEntry,
  type DesktopPosition,
  type DesktopTarget,
} from '@clipsync/shared';
import { toDesktopUploadQuery, toDesktopTargetQuery } from '../lib/desktop-query';
import { call, upload, type ProgressListener } from './client';

/** The virtual desktop calls; screens reach them through desktop-queries.ts and desktop-mutations.ts. */
export const desktopApi = {
  get: () => call(DESKTOP_ENDPOINTS.get),
  getShared: (token: string) => call(DESKTOP_ENDPOINTS.getShared, { params: { token } }),
  addText: (target: DesktopTarget, content: string, position?: DesktopPosition) =>
    call(DESKTOP_ENDPOINTS.addText, { body: { content, position, desktopId: target.desktopId } }),
  uploadFile: (target: DesktopTarget, file: File, position?: DesktopPosition, onProgress?: ProgressListener) =>
    upload(DESKTOP_ENDPOINTS.uploadFile, { query: toDesktopUploadQuery(target, position), file, onProgress }),
  saveLayout: (target: DesktopTarget, items: DesktopLayoutEntry[]) =>
    call(DESKTOP_ENDPOINTS.saveLayout, { body: { items, desktopId: target.desktopId } }),
  removeItem: (target: DesktopTarget, id: string, { keepalive = false }: CallExtras = {}) =>
    call(DESKTOP_ENDPOINTS.removeItem, { params: { id }, query: toDesktopTargetQuery(target), keepalive }),
  share: () => call(DESKTOP_ENDPOINTS.share),
  unshare: () => call(DESKTOP_ENDPOINTS.unshare),
};
