import type { DesktopPosition, DesktopTarget } from '@clipsync/shared';

/** Which desktop a call acts on, as its query: the share token of a shared desktop's page, else nothing. */
export function toDesktopTargetQuery(target: DesktopTarget): string {
  const query = new URLSearchParams();
  if (target.desktopId) query.set('desktopId', target.desktopId);
  return query.toString();
}

/** A raw-body upload's query: the desktop it goes to and where its block lands, as the multipart form's fields would. */
export function toDesktopUploadQuery(target: DesktopTarget, position?: DesktopPosition): string {
  const query = new URLSearchParams(toDesktopTargetQuery(target));
  if (position) {
    query.set('x', String(position.x));
    query.set('y', String(position.y));
  }
  return query.toString();
}
