import type { DESKTOP_ENDPOINTS, DesktopPosition, DesktopTarget, QueryOf } from '@clipsync/shared';

/** Which desktop a call acts on, as its query: the share token of a shared desktop's page, else nothing. */
export function toDesktopTargetQuery(target: DesktopTarget): QueryOf<typeof DESKTOP_ENDPOINTS.removeItem> {
  return { desktopId: target.desktopId || undefined };
}

/** A raw-body upload's query: the desktop it goes to and where its block lands, as the multipart form's fields would. */
export function toDesktopUploadQuery(
  target: DesktopTarget,
  position?: DesktopPosition,
): QueryOf<typeof DESKTOP_ENDPOINTS.uploadFile> {
  return { ...toDesktopTargetQuery(target), x: position?.x, y: position?.y };
}
