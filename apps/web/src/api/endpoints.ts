import {
  type DesktopPosition,
  CheckEmailConfirmationResponse,
  Clip,
  ClipList,
  ClipStats,
  FavoriteResult,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  MeResponse,
  MessageResponse,
  PagedClips,
  RefreshResponse,
  RegisterRequest,
  ResendConfirmationRequest,
  ResetPasswordRequest,
  SaveClipboardItemRequest,
  ShareOriginsResponse,
  UpdateClipRequest,
  UploadResult,
  AddRoomContentRequest,
  AcceptRoomInvitationRequest,
  AddRoomMemberRequest,
  CreateRoomRequest,
  JoinRoomRequest,
  JoinRoomResult,
  RoomActivityList,
  RoomContentItem,
  RoomContentList,
  RoomDetail,
  RoomInvitationList,
  RoomInvitationSent,
  RoomSummaryList,
  RoomUploadResult,
  ShareTokenResult,
  UpdateRoomContentRequest,
  UpdateRoomRequest,
  CreateDesktopTextRequest,
  Desktop,
  DesktopItem,
  DesktopShareResult,
  UpdateDesktopLayoutRequest,
  BillingConfigResponse,
  BillingResponse,
  CheckoutRequest,
  RedirectUrlResponse,
} from '@clipsync/shared';
import { z } from 'zod';
import { defineEndpoints } from './endpoint';

/**
 * Every server call the web app makes, each declared once (SPEC §7, under `/api`): method, path and the
 * shared schemas of its body and answer. Nothing else in the app names a path.
 */

export const authEndpoints = defineEndpoints({
  register: {
    method: 'POST',
    path: () => '/auth/register',
    request: RegisterRequest,
    response: MessageResponse,
    isCredentialCheck: true,
  },
  login: {
    method: 'POST',
    path: () => '/auth/login',
    request: LoginRequest,
    response: LoginResponse,
    isCredentialCheck: true,
  },
  /** Sent by the client itself, with the refresh token in a header (SPEC §4). */
  refresh: { method: 'POST', path: () => '/auth/refresh', response: RefreshResponse, isCredentialCheck: true },
  logout: { method: 'POST', path: () => '/auth/logout', response: MessageResponse },
  me: { method: 'GET', path: () => '/auth/me', response: MeResponse },
  forgotPassword: {
    method: 'POST',
    path: () => '/auth/forgot-password',
    request: ForgotPasswordRequest,
    response: MessageResponse,
    isCredentialCheck: true,
  },
  resetPassword: {
    method: 'POST',
    path: () => '/auth/reset-password',
    request: ResetPasswordRequest,
    response: MessageResponse,
  },
  /** Answers the same message whether or not the address has an unconfirmed account; 429 over its limit. */
  resendConfirmation: {
    method: 'POST',
    path: () => '/auth/resend-confirmation',
    request: ResendConfirmationRequest,
    response: MessageResponse,
  },
  checkEmailConfirmation: {
    method: 'GET',
    path: ({ token }: { token: string }) => `/auth/check-email-confirmation?token=${encodeURIComponent(token)}`,
    response: CheckEmailConfirmationResponse,
  },
});

interface ClipRef {
  id: string;
}
/** A history or favourites query string, built by `toHistoryQuery` (ARCHITECTURE §4). */
interface ListQuery {
  query: string;
}
const clipPath = ({ id }: ClipRef) => `/clipboard/${encodeURIComponent(id)}`;

export const clipEndpoints = defineEndpoints({
  /** The page's clips; the total of all matches comes in `X-Total-Count`. */
  history: { method: 'GET', path: ({ query }: ListQuery) => `/clipboard/history?${query}`, response: ClipList },
  favorites: { method: 'GET', path: ({ query }: ListQuery) => `/clipboard/favorites?${query}`, response: PagedClips },
  stats: { method: 'GET', path: () => '/clipboard/stats', response: ClipStats },
  get: { method: 'GET', path: clipPath, response: Clip },
  create: { method: 'POST', path: () => '/clipboard', request: SaveClipboardItemRequest, response: Clip },
  update: { method: 'PUT', path: clipPath, request: UpdateClipRequest, response: Clip },
  remove: { method: 'DELETE', path: clipPath, response: null },
  toggleFavorite: { method: 'POST', path: (clip: ClipRef) => `${clipPath(clip)}/favorite`, response: FavoriteResult },
  /** A multipart form with one `file`, sent by `upload()` so its progress can be shown. */
  /** The raw-body PUT beside SPEC's multipart POST of the same path, sent by `upload()` (progress). */
  uploadFile: { method: 'PUT', path: (clip: ClipRef) => `${clipPath(clip)}/files`, response: UploadResult },
});

export const networkEndpoints = defineEndpoints({
  shareOrigins: { method: 'GET', path: () => '/network/share-origins', response: ShareOriginsResponse },
});

interface RoomRef {
  id: string;
}
const roomPath = ({ id }: RoomRef) => `/rooms/${encodeURIComponent(id)}`;
/** A room list, content or activity query string, built by `lib/room-filters.ts`. */
interface RoomQuery extends RoomRef {
  query: string;
}

export const roomEndpoints = defineEndpoints({
  /** The caller's rooms; the total of all matches comes in `X-Total-Count`. */
  list: { method: 'GET', path: ({ query }: ListQuery) => `/rooms?${query}`, response: RoomSummaryList },
  create: { method: 'POST', path: () => '/rooms', request: CreateRoomRequest, response: RoomDetail },
  /** Opening a public room joins it (ARCHITECTURE §4); the content page's total is in `X-Total-Count`. */
  get: { method: 'GET', path: (room: RoomQuery) => `${roomPath(room)}?${room.query}`, response: RoomDetail },
  update: { method: 'PATCH', path: roomPath, request: UpdateRoomRequest, response: RoomDetail },
  remove: { method: 'DELETE', path: roomPath, response: null },
  join: { method: 'POST', path: () => '/rooms/join', request: JoinRoomRequest, response: JoinRoomResult },
  leave: { method: 'POST', path: (room: RoomRef) => `${roomPath(room)}/leave`, response: null },
  rotateInvite: {
    method: 'POST',
    path: (room: RoomRef) => `${roomPath(room)}/share-token`,
    response: ShareTokenResult,
  },
  addMember: {
    method: 'POST',
    path: (room: RoomRef) => `${roomPath(room)}/members`,
    request: AddRoomMemberRequest,
    response: RoomInvitationSent,
  },
  /** Pending invitations (not accepted, not expired), for the room's members. */
  invitations: {
    method: 'GET',
    path: (room: RoomRef) => `${roomPath(room)}/invitations`,
    response: RoomInvitationList,
  },
  cancelInvitation: {
    method: 'DELETE',
    path: ({ id, invitationId }: RoomRef & { invitationId: string }) =>
      `${roomPath({ id })}/invitations/${encodeURIComponent(invitationId)}`,
    response: null,
  },
  acceptInvitation: {
    method: 'POST',
    path: () => '/rooms/invitations/accept',
    request: AcceptRoomInvitationRequest,
    response: JoinRoomResult,
  },
  removeMember: {
    method: 'DELETE',
    path: ({ id, memberId }: RoomRef & { memberId: string }) =>
      `${roomPath({ id })}/members/${encodeURIComponent(memberId)}`,
    response: null,
  },
  content: {
    method: 'GET',
    path: (room: RoomQuery) => `${roomPath(room)}/content?${room.query}`,
    response: RoomContentList,
  },
  addContent: {
    method: 'POST',
    path: (room: RoomRef) => `${roomPath(room)}/content`,
    request: AddRoomContentRequest,
    response: RoomContentItem,
  },
  updateContent: {
    method: 'PATCH',
    path: ({ id, contentId }: RoomRef & { contentId: string }) =>
      `${roomPath({ id })}/content/${encodeURIComponent(contentId)}`,
    request: UpdateRoomContentRequest,
    response: RoomContentItem,
  },
  removeContent: {
    method: 'DELETE',
    path: ({ id, contentId }: RoomRef & { contentId: string }) =>
      `${roomPath({ id })}/content/${encodeURIComponent(contentId)}`,
    response: null,
  },
  /** A multipart form with one `file`, sent by `upload()` so its progress can be shown. */
  /** The raw-body PUT beside SPEC's multipart POST of the same path, sent by `upload()` (progress). */
  upload: { method: 'PUT', path: (room: RoomRef) => `${roomPath(room)}/upload`, response: RoomUploadResult },
  activity: {
    method: 'GET',
    path: (room: RoomQuery) => `${roomPath(room)}/activity?${room.query}`,
    response: RoomActivityList,
  },
});

/** `desktopId` is the share token a shared desktop's page was opened with (SPEC §7); absent elsewhere. */
interface DesktopItemRef {
  id: string;
  desktopId?: string;
}
const desktopItemsPath = '/virtual-desktop/items';

export const desktopEndpoints = defineEndpoints({
  /** Signed in, the caller's own desktop; signed out, the LAN desktop of the caller's network. */
  get: { method: 'GET', path: () => '/virtual-desktop', response: Desktop },
  /** 404 when the token is unknown or revoked. */
  getShared: {
    method: 'GET',
    path: ({ token }: { token: string }) => `/virtual-desktop/shared/${encodeURIComponent(token)}`,
    response: Desktop,
  },
  addText: {
    method: 'POST',
    path: () => `${desktopItemsPath}/text`,
    request: CreateDesktopTextRequest,
    response: DesktopItem,
  },
  /**
   * The raw-body PUT beside SPEC's multipart POST, sent by `upload()` (progress): the multipart form's
   * `desktopId`, `x` and `y` go in the query.
   */
  uploadFile: {
    method: 'PUT',
    path: ({ desktopId, position }: { desktopId?: string; position?: DesktopPosition }) => {
      const query = new URLSearchParams();
      if (desktopId) query.set('desktopId', desktopId);
      if (position) {
        query.set('x', String(position.x));
        query.set('y', String(position.y));
      }
      const search = query.toString();
      return `${desktopItemsPath}/file${search ? `?${search}` : ''}`;
    },
    response: DesktopItem,
  },
  /** A whole drag's or resize's result in one call. */
  saveLayout: {
    method: 'PATCH',
    path: () => desktopItemsPath,
    request: UpdateDesktopLayoutRequest,
    response: z.array(DesktopItem),
  },
  removeItem: {
    method: 'DELETE',
    path: ({ id, desktopId }: DesktopItemRef) =>
      `${desktopItemsPath}/${encodeURIComponent(id)}${desktopId ? `?desktopId=${encodeURIComponent(desktopId)}` : ''}`,
    response: null,
  },
  /** Creates the share link, or replaces it (the old link stops working); the owner only. */
  share: { method: 'POST', path: () => '/virtual-desktop/share', response: DesktopShareResult },
  unshare: { method: 'DELETE', path: () => '/virtual-desktop/share', response: null },
});

/** Paid plans (SPEC §7 Billing): a 503 `PAYMENTS_NOT_CONFIGURED` means this server sells none. */
export const billingEndpoints = defineEndpoints({
  /** Open to anyone: whether this server sells plans (asked once, instead of meeting the 503 on every page). */
  config: { method: 'GET', path: () => '/billing/config', response: BillingConfigResponse },
  get: { method: 'GET', path: () => '/billing', response: BillingResponse },
  /** Stripe's hosted checkout for a plan and interval; the browser goes to the answer's `url`. */
  checkout: { method: 'POST', path: () => '/stripe/checkout', request: CheckoutRequest, response: RedirectUrlResponse },
  /** Stripe's customer portal, where the subscriber changes card, plan or cancels. */
  portal: { method: 'POST', path: () => '/billing/portal', response: RedirectUrlResponse },
});
