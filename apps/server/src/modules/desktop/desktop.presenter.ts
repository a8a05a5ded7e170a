import {
  desktopFileUrl,
  LAN_DESKTOP_ITEM_TTL_MS,
  type Desktop,
  type DesktopItem,
  type Takedown,
} from '@clipsync/shared';
import type { Actor } from '../../lib/actor';
import { abilitiesOf } from '../../lib/policy';
import type { DesktopFileSigner, ResolvedDesktop } from './desktop-access';
import type { DesktopItemRow } from './desktop.context';
import { desktopPolicy } from './desktop.policy';

const ABILITIES = ['addItems', 'moveItems', 'deleteItems', 'share'] as const;
/** Said on a LAN desktop (signed out): who else sees what is put here, and for how long. */
export const LAN_DESKTOP_NOTICE =
  'Everyone on this network can see this desktop and add to it. Items are removed 24 hours after their last change.';

/**
 * A block as every view of its desktop sees it. A file's address carries a link signed for the desktop
 * (not for a user: a LAN or shared view has none), so the same block can be announced to every view.
 */
export function toDesktopItem(row: DesktopItemRow, signLink: DesktopFileSigner): DesktopItem {
  const isFile = row.type === 'file';
  const name = row.fileName ?? '';
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    version: row.version,
    position: { x: row.x, y: row.y },
    size: { width: row.width, height: row.height },
    file_name: row.fileName,
    file_size: row.fileSize,
    file_type: row.fileType,
    file_url: isFile ? desktopFileUrl(row.id, name, signLink(row.id)) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * A desktop as the API answers it; the share token and a takedown of its link only for its owner, and the
 * notice on a LAN desktop.
 */
export function toDesktop(
  { desktop, access }: ResolvedDesktop,
  items: DesktopItemRow[],
  actor: Actor,
  signLink: DesktopFileSigner,
  takedown: Takedown | null = null,
): Desktop {
  const abilities = abilitiesOf(desktopPolicy, ABILITIES, actor, access);
  const isLan = access.kind === 'lan';
  return {
    id: desktop.id,
    network_id: desktop.id,
    kind: access.kind,
    items: items.map((row) => toDesktopItem(row, signLink)),
    ...(abilities.share ? { shareToken: desktop.shareToken } : {}),
    notice: isLan ? LAN_DESKTOP_NOTICE : null,
    itemsExpireAfterMs: isLan ? LAN_DESKTOP_ITEM_TTL_MS : null,
    abilities,
    ...(takedown ? { takedown } : {}),
  };
}
