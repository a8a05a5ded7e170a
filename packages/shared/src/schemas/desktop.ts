import { z } from 'zod';
import { text } from './text';
import {
  DESKTOP_COORDINATE_MAX,
  DESKTOP_ITEM_DEFAULT_POSITION,
  DESKTOP_ITEM_DEFAULT_SIZE,
  DESKTOP_ITEM_SIZE_MAX,
  DESKTOP_ITEM_SIZE_MIN,
  DESKTOP_ITEMS_MAX,
} from '../limits';
import { EditVersion, ItemText, ResourceId } from './clips';
import { Takedown } from './moderation';

/**
 * The virtual desktop (docs/features.md#virtual-desktop). Which desktop a call acts on: with `desktopId`
 * (the shared page sends the share token it was opened with), the desktop of that token; else, signed in,
 * the caller's own desktop; else the LAN desktop of the caller's network.
 */

const coordinate = z.number().int().min(0).max(DESKTOP_COORDINATE_MAX);
const extent = z.number().int().min(DESKTOP_ITEM_SIZE_MIN).max(DESKTOP_ITEM_SIZE_MAX);
export const DesktopPosition = z.strictObject({ x: coordinate, y: coordinate });
export type DesktopPosition = z.infer<typeof DesktopPosition>;
export const DesktopSize = z.strictObject({ width: extent, height: extent });
export type DesktopSize = z.infer<typeof DesktopSize>;

/** A share token as the shared page's address carries it; anything malformed is simply unknown (404). */
export const DesktopShareToken = text().trim().min(1).max(128);
/** Request bodies name the share page's token `desktopId`. */
const sharedDesktop = { desktopId: DesktopShareToken.optional() };

export const DesktopItemParams = z.object({ id: ResourceId });
export const DesktopShareParams = z.object({ token: DesktopShareToken });
export const DesktopTarget = z.object(sharedDesktop);
export type DesktopTarget = z.infer<typeof DesktopTarget>;
export const DesktopFileParams = z.object({ id: ResourceId, name: text() });
/** A desktop file's address carries a link signed for the desktop it was shown on (`file_url`). */
export const DesktopFileQuery = z.object({ access: text().max(256).optional() });

/** Desktop text is non-blank after trimming. */
export const DesktopText = ItemText.refine((text) => text.trim().length > 0, 'Text is required');

export const CreateDesktopTextRequest = z.strictObject({
  content: DesktopText,
  position: DesktopPosition.default({ ...DESKTOP_ITEM_DEFAULT_POSITION }),
  size: DesktopSize.default({ ...DESKTOP_ITEM_DEFAULT_SIZE }),
  ...sharedDesktop,
});
export type CreateDesktopTextRequest = z.infer<typeof CreateDesktopTextRequest>;

/** Multipart fields beside `file`: the shared page's token, and where the block goes. */
export const DesktopUploadFields = z.object({
  ...sharedDesktop,
  x: z.coerce.number().pipe(coordinate).optional(),
  y: z.coerce.number().pipe(coordinate).optional(),
});
export type DesktopUploadFields = z.infer<typeof DesktopUploadFields>;

/** `PATCH /virtual-desktop/items/{id}`: where the block is and how big; at least one of them. */
export const UpdateDesktopItemRequest = z
  .strictObject({ position: DesktopPosition.optional(), size: DesktopSize.optional(), ...sharedDesktop })
  .refine((body) => body.position !== undefined || body.size !== undefined, 'Nothing to update');
export type UpdateDesktopItemRequest = z.infer<typeof UpdateDesktopItemRequest>;

/**
 * `version` is the block's as the drag started from it: a block changed since still takes its new place (a
 * drag moves blocks, and only the moved ones are sent), and one deleted since is left out instead of failing
 * the whole save.
 */
export const DesktopLayoutEntry = z.strictObject({
  id: ResourceId,
  position: DesktopPosition,
  size: DesktopSize,
  version: EditVersion.optional(),
});
export type DesktopLayoutEntry = z.infer<typeof DesktopLayoutEntry>;
/** `PATCH /virtual-desktop/items`: a whole drag's result in one call, not one call per block. */
export const UpdateDesktopLayoutRequest = z.strictObject({
  items: z.array(DesktopLayoutEntry).min(1).max(DESKTOP_ITEMS_MAX),
  ...sharedDesktop,
});
export type UpdateDesktopLayoutRequest = z.infer<typeof UpdateDesktopLayoutRequest>;

export const DesktopItemType = z.enum(['text', 'file']);
export type DesktopItemType = z.infer<typeof DesktopItemType>;

/** A desktop block (also what a LAN host's socket sends, hence `text()`). A file block's `content` is empty; a text block's file fields are null. */
export const DesktopItem = z.object({
  id: text(),
  type: DesktopItemType,
  content: text(),
  version: z.number().int(),
  position: z.object({ x: z.number().int(), y: z.number().int() }),
  size: z.object({ width: z.number().int(), height: z.number().int() }),
  file_name: text().nullable(),
  file_size: z.number().int().nullable(),
  file_type: text().nullable(),
  file_url: text().nullable(),
  created_at: text(),
  updated_at: text(),
});
export type DesktopItem = z.infer<typeof DesktopItem>;

/**
 * Whose desktop it is, which says who can see it: `personal` (a signed-in user's: their devices and whoever
 * holds its share link), `lan` (signed out: every device on this network; items expire), `shared` (opened
 * by share link).
 */
export const DesktopKind = z.enum(['personal', 'lan', 'shared']);
export type DesktopKind = z.infer<typeof DesktopKind>;

export const DesktopAbilities = z.object({
  addItems: z.boolean(),
  moveItems: z.boolean(),
  deleteItems: z.boolean(),
  /** Create, rotate or revoke the share link: the owner of a personal desktop only. */
  share: z.boolean(),
});
export type DesktopAbilities = z.infer<typeof DesktopAbilities>;

/**
 * A desktop as the API answers it. `network_id` names its live channel (`join:desktop:network`). `shareToken` is
 * the owner's alone (null when not shared, absent for anyone else). `itemsExpireAfterMs` is set for a LAN
 * desktop, whose `notice` says in words who can see it.
 */
export const Desktop = z.object({
  id: z.string(),
  network_id: z.string(),
  kind: DesktopKind,
  items: z.array(DesktopItem),
  shareToken: z.string().nullable().optional(),
  notice: z.string().nullable(),
  itemsExpireAfterMs: z.number().int().nullable(),
  abilities: DesktopAbilities,
  /** The operator's takedown of the shared desktop while it lasts, for the owner only (its link answers 410). */
  takedown: Takedown.optional(),
});
export type Desktop = z.infer<typeof Desktop>;

export const DesktopShareResult = z.object({ shareToken: z.string() });
export type DesktopShareResult = z.infer<typeof DesktopShareResult>;

/**
 * LAN desktop data: what a host shares with peers on its network, and `GET /virtual-desktop/lan-data`
 * for the caller's network. `security` names the network by fingerprint (never an address) and says when
 * the data stops being valid.
 */
const DESKTOP_FILES_PATH = '/api/virtual-desktop/files/';
/**
 * A desktop file's address, whole: the files path, the item's id, one name segment as encodeURIComponent
 * writes it but never a `.` or `..` segment (plain or percent-encoded: browsers resolve both), and the
 * signed `access` link alone. Nothing else (`../`, `%2e%2e`, a second query parameter, a fragment) passes,
 * so a link that matches can only ever download a desktop file.
 */
const DESKTOP_FILE_URL =
  /^\/api\/virtual-desktop\/files\/[A-Za-z0-9_-]{22}\/(?!(?:\.|%2[eE])+\?)(?:[A-Za-z0-9_.!~*'()-]|%[0-9A-Fa-f]{2})+\?access=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
export const DesktopFileUrl = text().max(4096).regex(DESKTOP_FILE_URL, 'A file link must be this server’s own');

/** Whether `url` is a desktop file's address as this server makes them (the web follows no other). */
export function isDesktopFileUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && DesktopFileUrl.safeParse(url).success;
}

/** The address of a desktop file: the one shape DesktopFileUrl accepts. */
export function desktopFileUrl(itemId: string, fileName: string, access: string): string {
  const segment = encodeURIComponent(fileName);
  // The name is only for the reader (the download is named by the server): dots alone would be a dot segment.
  return `${DESKTOP_FILES_PATH}${itemId}/${/^\.*$/.test(segment) ? 'file' : segment}?access=${access}`;
}

/**
 * A block as another device on the network sends it: its file link must be this server's own download
 * address, so a device announcing itself under a friendly name cannot hand its peers a link to anywhere
 * else, on this server (a room's join link) or off it.
 */
const LanDesktopItem = DesktopItem.extend({ file_url: DesktopFileUrl.nullable() });

export const LanDesktopData = z.object({
  desktopId: text().max(64),
  // A host relays blocks as its own view has them; a view from before versions sends none.
  items: z.array(LanDesktopItem.partial({ version: true })).max(DESKTOP_ITEMS_MAX),
  lastUpdated: text().max(64),
});
export type LanDesktopData = z.infer<typeof LanDesktopData>;
export const LanDataResponse = LanDesktopData.extend({
  security: z.object({ networkFingerprint: z.string(), scope: z.literal('local-network'), expiresAt: z.string() }),
});
export type LanDataResponse = z.infer<typeof LanDataResponse>;
export const LanDataQuery = z.object({ desktopId: text().max(64).optional() });

/** A LAN peer. The server issues `id`; `ip` and `port` stay null: no address is handed out. */
/**
 * How a listed LAN peer is known to be near the viewer (decision 030): `verified` when it is one of the
 * viewer's own devices proved near within 12 h, `unverified` when it is grouped by network address only.
 */
export const LAN_PEER_NEARNESS = ['verified', 'unverified'] as const;
export const LanPeerNearness = z.enum(LAN_PEER_NEARNESS);
export type LanPeerNearness = z.infer<typeof LanPeerNearness>;

export const LanPeer = z.object({
  id: z.string(),
  name: z.string(),
  ip: z.string().nullable(),
  port: z.number().int().nullable(),
  isHost: z.boolean(),
  /**
   * In `lan:peers:list` only (which lists `verified` peers first); absent from `lan:peer:announce`, a broadcast
   * to the whole network that cannot say it for each viewer: a client asks for the list again to label it.
   */
  nearness: LanPeerNearness.optional(),
});
export type LanPeer = z.infer<typeof LanPeer>;
