import type { DesktopLayoutEntry, DesktopPosition, DesktopTarget } from '@clipsync/shared';
import { toDesktopUploadQuery, toDesktopTargetQuery } from '../lib/desktop-query';
import { call, upload, type ProgressListener, type SendOptions } from './client';
import { desktopEndpoints } from './endpoints';

/** The virtual desktop calls; screens reach them through desktop-queries.ts and desktop-mutations.ts. */
export const desktopApi = {
  get: () => call(desktopEndpoints.get),
  getShared: (token: string) => call(desktopEndpoints.getShared, { params: { token } }),
  addText: (target: DesktopTarget, content: string, position?: DesktopPosition) =>
    call(desktopEndpoints.addText, { body: { content, position, desktopId: target.desktopId } }),
  uploadFile: (target: DesktopTarget, file: File, position?: DesktopPosition, onProgress?: ProgressListener) =>
    upload(desktopEndpoints.uploadFile, { query: toDesktopUploadQuery(target, position), file, onProgress }),
  saveLayout: (target: DesktopTarget, items: DesktopLayoutEntry[]) =>
    call(desktopEndpoints.saveLayout, { body: { items, desktopId: target.desktopId } }),
  removeItem: (target: DesktopTarget, id: string, { keepalive = false }: SendOptions = {}) =>
    call(desktopEndpoints.removeItem, { params: { id }, query: toDesktopTargetQuery(target), keepalive }),
  share: () => call(desktopEndpoints.share),
  unshare: () => call(desktopEndpoints.unshare),
};
