import { z } from 'zod';
import {
  CreateDesktopTextRequest,
  Desktop,
  DesktopFileParams,
  DesktopFileQuery,
  DesktopItem,
  DesktopItemParams,
  DesktopShareParams,
  DesktopShareResult,
  DesktopTarget,
  DesktopUploadFields,
  LanDataQuery,
  LanDataResponse,
  UpdateDesktopItemRequest,
  UpdateDesktopLayoutRequest,
} from '../../schemas/desktop';
import { defineEndpoints } from '../endpoint';

/**
 * The virtual desktop. No sign-in required: signed out, a call acts on the LAN desktop of the caller's
 * network, and with `desktopId` (a share token) on the desktop shared by it.
 */
export const DESKTOP_ENDPOINTS = defineEndpoints({
  /** Signed in, the caller's own desktop; signed out, the LAN desktop of the caller's network. */
  get: { method: 'GET', scope: 'desktop', path: '/virtual-desktop', response: Desktop },
  lanData: {
    method: 'GET',
    scope: 'desktop',
    path: '/virtual-desktop/lan-data',
    query: LanDataQuery,
    response: LanDataResponse,
  },
  /** 404 when the token is unknown or revoked. */
  getShared: {
    method: 'GET',
    scope: 'desktop',
    path: '/virtual-desktop/shared/:token',
    params: DesktopShareParams,
    response: Desktop,
  },
  addText: {
    method: 'POST',
    scope: 'desktop',
    path: '/virtual-desktop/items/text',
    body: CreateDesktopTextRequest,
    status: 201,
    response: DesktopItem,
  },
  /**
   * One file as the whole body (`PUT`), its `desktopId`, `x` and `y` in the query; or (`POST`) a multipart
   * form with those as fields beside the `file`.
   */
  uploadFile: {
    method: 'PUT',
    scope: 'desktop',
    path: '/virtual-desktop/items/file',
    query: DesktopUploadFields,
    status: 201,
    response: DesktopItem,
  },
  /** A whole drag's or resize's result in one call. */
  saveLayout: {
    method: 'PATCH',
    scope: 'desktop',
    path: '/virtual-desktop/items',
    body: UpdateDesktopLayoutRequest,
    response: z.array(DesktopItem),
  },
  moveItem: {
    method: 'PATCH',
    scope: 'desktop',
    path: '/virtual-desktop/items/:id',
    params: DesktopItemParams,
    body: UpdateDesktopItemRequest,
    response: DesktopItem,
  },
  removeItem: {
    method: 'DELETE',
    scope: 'desktop',
    path: '/virtual-desktop/items/:id',
    params: DesktopItemParams,
    query: DesktopTarget,
    status: 204,
    response: null,
  },
  /** Creates the share link, or replaces it (the old link stops working); the owner only. */
  share: { method: 'POST', scope: 'desktop', path: '/virtual-desktop/share', response: DesktopShareResult },
  unshare: { method: 'DELETE', scope: 'desktop', path: '/virtual-desktop/share', status: 204, response: null },
  /** A desktop file's download, by the signed link of the item's `file_url` (`access`). */
  download: {
    method: 'GET',
    scope: 'desktop',
    path: '/virtual-desktop/files/:id/:name',
    params: DesktopFileParams,
    query: DesktopFileQuery,
  },
});
