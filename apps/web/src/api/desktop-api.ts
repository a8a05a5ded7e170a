import type { DesktopLayoutEntry, DesktopPosition, DesktopTarget } from '@clipsync/shared';
import { call, upload, type ProgressListener } from './client';
import { desktopEndpoints } from './endpoints';

/** SPEC §7 virtual desktop calls; screens reach them through desktop-queries.ts and desktop-mutations.ts. */
export const desktopApi = {
  get: () => call(desktopEndpoints.get),
  getShared: (token: string) => call(desktopEndpoints.getShared, { params: { token } }),
  addText: (target: DesktopTarget, content: string, position?: DesktopPosition) =>
    call(desktopEndpoints.addText, { body: { content, position, desktopId: target.desktopId } }),
  uploadFile(target: DesktopTarget, file: File, position?: DesktopPosition, onProgress?: ProgressListener) {
    // The server reads the text fields before the file streams in, so they go first.
    const form = new FormData();
    if (target.desktopId) form.append('desktopId', target.desktopId);
    if (position) {
      form.append('x', String(position.x));
      form.append('y', String(position.y));
    }
    form.append('file', file);
    return upload(desktopEndpoints.uploadFile, { params: undefined, form, onProgress });
  },
  saveLayout: (target: DesktopTarget, items: DesktopLayoutEntry[]) =>
    call(desktopEndpoints.saveLayout, { body: { items, desktopId: target.desktopId } }),
  removeItem: (target: DesktopTarget, id: string) =>
    call(desktopEndpoints.removeItem, { params: { id, desktopId: target.desktopId } }),
  share: () => call(desktopEndpoints.share),
  unshare: () => call(desktopEndpoints.unshare),
};
