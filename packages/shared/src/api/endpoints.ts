import { z } from 'zod';
import { text } from '../schemas/text';
import {
  CheckEmailConfirmationResponse,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  MeResponse,
  MessageResponse,
  RefreshResponse,
  RegisterRequest,
  SignUpRules,
  ResendConfirmationRequest,
  ResetPasswordRequest,
  TokenQuery,
} from '../schemas/auth';
import {
  BillingConfigResponse,
  PlanInForceResponse,
  BillingResponse,
  CheckoutRequest,
  RedirectUrlResponse,
  StripeWebhookReceived,
} from '../schemas/billing';
import {
  Clip,
  ClipFileListOrCard,
  ClipFileParams,
  ClipFileQuery,
  ClipOrCard,
  ClipShareSettings,
  ClipViewList,
  OpenClipRequest,
  OpenedClip,
  UpdateClipShareRequest,
  ClipHistoryQuery,
  ClipIdParams,
  ClipReadQuery,
  ClipList,
  ClipStats,
  FavoriteResult,
  PagedClips,
  ResourceId,
  SaveClipboardItemRequest,
  UpdateClipRequest,
  UploadResult,
} from '../schemas/clips';
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
} from '../schemas/desktop';
import { DevOutboxResponse } from '../schemas/dev';
import { HealthResponse, ReadyResponse } from '../schemas/health';
import { ShareOriginsResponse } from '../schemas/network';
import {
  AcceptRoomInvitationRequest,
  AddRoomContentRequest,
  AddRoomMemberRequest,
  CreateRoomRequest,
  JoinRoomRequest,
  JoinRoomResult,
  RoomActivityList,
  RoomActivityQuery,
  RoomContentItem,
  RoomContentList,
  RoomLinkPreview,
  RoomLinkPreviewRequest,
  RoomContentParams,
  RoomContentQuery,
  RoomDetail,
  RoomFileParams,
  RoomFileQuery,
  RoomIdParams,
  RoomInvitationList,
  RoomInvitationParams,
  RoomInvitationSent,
  RoomListQuery,
  RoomMemberParams,
  RoomSummaryList,
  RoomUploadResult,
  ShareTokenResult,
  UpdateRoomContentRequest,
  UpdateRoomRequest,
} from '../schemas/rooms';
import {
  DeviceSignInApprovalRequest,
  DeviceCodeRequest,
  DeviceCodeResponse,
  DeviceSignInDetails,
  DeviceTokenRequest,
  DeviceTokenResponse,
  DeviceSignInUserCodeRequest,
} from '../schemas/device-sign-in';
import { ClaimedShare, ShareClaim, ShareClaimParams } from '../schemas/share-claims';
import { DeviceIdParams, DeviceList, Device, RegisterDeviceRequest, UpdateDeviceRequest } from '../schemas/devices';
import {
  CreateNearChallengeRequest,
  NearChallenge,
  NearChallengeParams,
  NearProof,
  NearProofRequest,
  RegisterDeviceKeyRequest,
} from '../schemas/nearness';
import {
  CreateDeviceSendRequest,
  CreatedDeviceSends,
  DeviceSendIdParams,
  PendingDeviceSends,
} from '../schemas/device-sends';
import { CreateTokenRequest, CreatedToken, CurrentToken, TokenIdParams, TokenList } from '../schemas/tokens';
import { SELF_SCOPE, defineEndpoints } from './endpoint';

/**
 * The API's one list: every call under `/api`, per area, with its path written here and nowhere else. The
 * server registers its routes from these entries and the web app sends its requests by them.
 */

/**
 * Accounts and sessions. Every answer of these comes as JSON except the mailed link's redirect. With OIDC_ONLY,
 * register, login and reset-password answer 403 `PASSWORD_SIGN_IN_OFF` to everyone but admins, and
 * forgot-password mails admins only.
 */
export const AUTH_ENDPOINTS = defineEndpoints({
  register: {
    method: 'POST',
    path: '/auth/register',
    body: RegisterRequest,
    response: MessageResponse,
    credentialCheck: true,
  },
  login: { method: 'POST', path: '/auth/login', body: LoginRequest, response: LoginResponse, credentialCheck: true },
  /** The refresh token goes in its header (REFRESH_TOKEN_HEADER), never in a body or the query. */
  refresh: { method: 'POST', path: '/auth/refresh', response: RefreshResponse, credentialCheck: true },
  logout: { method: 'POST', path: '/auth/logout', response: MessageResponse },
  me: { method: 'GET', path: '/auth/me', response: MeResponse },
  forgotPassword: {
    method: 'POST',
    path: '/auth/forgot-password',
    body: ForgotPasswordRequest,
    response: MessageResponse,
    credentialCheck: true,
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/reset-password',
    body: ResetPasswordRequest,
    response: MessageResponse,
  },
  /** Answers the same message whether or not the address has an unconfirmed account; 429 over its limit. */
  resendConfirmation: {
    method: 'POST',
    path: '/auth/resend-confirmation',
    body: ResendConfirmationRequest,
    response: MessageResponse,
  },
  /** The link in the confirmation mail: redirects (303) to the confirmation page, which signs in to use it. */
  confirm: { method: 'GET', path: '/auth/confirm', query: TokenQuery, status: 303 },
  checkEmailConfirmation: {
    method: 'GET',
    path: '/auth/check-email-confirmation',
    query: TokenQuery,
    response: CheckEmailConfirmationResponse,
  },
  /** Who may sign up here, for the sign-up page; a refused sign-up answers 403 `REGISTRATION_CLOSED`. */
  registration: { method: 'GET', path: '/auth/registration', response: SignUpRules },
});

/** Clips and their files. Reading a clip and its file list needs only its link; the rest is the owner's. */
export const CLIP_ENDPOINTS = defineEndpoints({
  /**
   * By the clip's id (its owner) or its link's id (anyone else). Never spends a view: a clip with a view
   * limit or a password answers others its card (`protected: true`), never its content. Someone else's read
   * is one entry in the owner's view log, unless it is a refresh of a page already showing the clip.
   */
  get: {
    method: 'GET',
    scope: 'clips:read',
    path: '/clipboard/:id',
    params: ClipIdParams,
    query: ClipReadQuery,
    response: ClipOrCard,
  },
  files: {
    method: 'GET',
    scope: 'clips:read',
    path: '/clipboard/:id/files',
    params: ClipIdParams,
    response: ClipFileListOrCard,
  },
  /**
   * The click on "Show clip": spends one view of a limited link (atomically; none left is 404), checks the
   * password (403 WRONG_PASSWORD, nothing spent; 429 past the limit), answers the content and a view grant.
   */
  open: {
    method: 'POST',
    scope: 'clips:read',
    path: '/clipboard/:id/open',
    params: ClipIdParams,
    body: OpenClipRequest,
    response: OpenedClip,
  },
  /** The owner sets the link's expiry, view limit and password; a clip without a link gets one, under a new id. */
  updateShare: {
    method: 'PUT',
    scope: 'clips:write',
    path: '/clipboard/:id/share',
    params: ClipIdParams,
    body: UpdateClipShareRequest,
    response: ClipShareSettings,
  },
  /** The owner stops the link at once; the next `updateShare` makes a new one, under a new id. */
  removeShare: {
    method: 'DELETE',
    scope: 'clips:write',
    path: '/clipboard/:id/share',
    params: ClipIdParams,
    status: 204,
    response: null,
  },
  /** The owner's view log of the clip, newest first. */
  views: {
    method: 'GET',
    scope: 'clips:read',
    path: '/clipboard/:id/views',
    params: ClipIdParams,
    response: ClipViewList,
  },
  /**
   * The page's clips; the total of all matches comes in `X-Total-Count`, with `X-Total-Count-Capped: true` when a
   * counted total stopped HISTORY_TOTAL_AHEAD clips past the page's start.
   */
  history: {
    method: 'GET',
    scope: 'clips:read',
    path: '/clipboard/history',
    query: ClipHistoryQuery,
    response: ClipList,
  },
  favorites: {
    method: 'GET',
    scope: 'clips:read',
    path: '/clipboard/favorites',
    query: ClipHistoryQuery.omit({ favorite: true }),
    response: PagedClips,
  },
  stats: { method: 'GET', scope: 'clips:read', path: '/clipboard/stats', response: ClipStats },
  create: {
    method: 'POST',
    scope: 'clips:write',
    path: '/clipboard',
    body: SaveClipboardItemRequest,
    status: 201,
    response: Clip,
  },
  update: {
    method: 'PUT',
    scope: 'clips:write',
    path: '/clipboard/:id',
    params: ClipIdParams,
    body: UpdateClipRequest,
    response: Clip,
  },
  remove: {
    method: 'DELETE',
    scope: 'clips:write',
    path: '/clipboard/:id',
    params: ClipIdParams,
    status: 204,
    response: null,
  },
  toggleFavorite: {
    method: 'POST',
    scope: 'clips:write',
    path: '/clipboard/:id/favorite',
    params: ClipIdParams,
    response: FavoriteResult,
  },
  /**
   * One file, as the whole body (`PUT`, name and type in headers) or as a multipart form's `file` (the
   * same path by `POST`); 409 once the clip holds its most files.
   */
  uploadFile: {
    method: 'PUT',
    scope: 'clips:write',
    path: '/clipboard/:id/files',
    params: ClipIdParams,
    status: 201,
    response: UploadResult,
  },
  removeFile: {
    method: 'DELETE',
    scope: 'clips:write',
    path: '/clipboard/:id/files/:fileId',
    params: ClipFileParams,
    status: 204,
    response: null,
  },
  /** A clip file's download: its link is the clip's (the file's `url`). */
  download: {
    method: 'GET',
    scope: 'clips:read',
    path: '/files/:fileId/:name',
    params: z.object({ fileId: ResourceId, name: text() }),
    query: ClipFileQuery,
  },
});

/** Rooms: the room, its members, invitations, invite link, activity, content and files. Signed in, except downloads. */
export const ROOM_ENDPOINTS = defineEndpoints({
  /** The caller's rooms; the total of all matches comes in `X-Total-Count`. */
  list: { method: 'GET', scope: 'rooms', path: '/rooms', query: RoomListQuery, response: RoomSummaryList },
  create: {
    method: 'POST',
    scope: 'rooms',
    path: '/rooms',
    body: CreateRoomRequest,
    status: 201,
    response: RoomDetail,
  },
  join: { method: 'POST', scope: 'rooms', path: '/rooms/join', body: JoinRoomRequest, response: JoinRoomResult },
  acceptInvitation: {
    method: 'POST',
    scope: 'rooms',
    path: '/rooms/invitations/accept',
    body: AcceptRoomInvitationRequest,
    response: JoinRoomResult,
  },
  /** Signed out too: the room name behind a working join or invite link, for the sign-in page it leads to. */
  linkPreview: {
    method: 'POST',
    scope: 'rooms',
    path: '/rooms/link-preview',
    body: RoomLinkPreviewRequest,
    response: RoomLinkPreview,
  },
  /** Opening a public room joins it; the content page's total is in `X-Total-Count`. */
  get: {
    method: 'GET',
    scope: 'rooms',
    path: '/rooms/:id',
    params: RoomIdParams,
    query: RoomContentQuery,
    response: RoomDetail,
  },
  update: {
    method: 'PATCH',
    scope: 'rooms',
    path: '/rooms/:id',
    params: RoomIdParams,
    body: UpdateRoomRequest,
    response: RoomDetail,
  },
  remove: { method: 'DELETE', scope: 'rooms', path: '/rooms/:id', params: RoomIdParams, status: 204, response: null },
  /** A new invite link; the old one stops working. */
  rotateInvite: {
    method: 'POST',
    scope: 'rooms',
    path: '/rooms/:id/share-token',
    params: RoomIdParams,
    response: ShareTokenResult,
  },
  leave: {
    method: 'POST',
    scope: 'rooms',
    path: '/rooms/:id/leave',
    params: RoomIdParams,
    status: 204,
    response: null,
  },
  /** Mails an invitation; accepted (202) whether or not the address has an account. */
  addMember: {
    method: 'POST',
    scope: 'rooms',
    path: '/rooms/:id/members',
    params: RoomIdParams,
    body: AddRoomMemberRequest,
    status: 202,
    response: RoomInvitationSent,
  },
  /** Pending invitations (not accepted, not expired), for the room's members. */
  invitations: {
    method: 'GET',
    scope: 'rooms',
    path: '/rooms/:id/invitations',
    params: RoomIdParams,
    response: RoomInvitationList,
  },
  cancelInvitation: {
    method: 'DELETE',
    scope: 'rooms',
    path: '/rooms/:id/invitations/:invitationId',
    params: RoomInvitationParams,
    status: 204,
    response: null,
  },
  removeMember: {
    method: 'DELETE',
    scope: 'rooms',
    path: '/rooms/:id/members/:memberId',
    params: RoomMemberParams,
    status: 204,
    response: null,
  },
  /** The total of all entries comes in `X-Total-Count`. */
  activity: {
    method: 'GET',
    scope: 'rooms',
    path: '/rooms/:id/activity',
    params: RoomIdParams,
    query: RoomActivityQuery,
    response: RoomActivityList,
  },
  /** The total of all matches comes in `X-Total-Count`. */
  content: {
    method: 'GET',
    scope: 'rooms',
    path: '/rooms/:id/content',
    params: RoomIdParams,
    query: RoomContentQuery,
    response: RoomContentList,
  },
  addContent: {
    method: 'POST',
    scope: 'rooms',
    path: '/rooms/:id/content',
    params: RoomIdParams,
    body: AddRoomContentRequest,
    status: 201,
    response: RoomContentItem,
  },
  updateContent: {
    method: 'PATCH',
    scope: 'rooms',
    path: '/rooms/:id/content/:contentId',
    params: RoomContentParams,
    body: UpdateRoomContentRequest,
    response: RoomContentItem,
  },
  removeContent: {
    method: 'DELETE',
    scope: 'rooms',
    path: '/rooms/:id/content/:contentId',
    params: RoomContentParams,
    status: 204,
    response: null,
  },
  /** One file, as the whole body (`PUT`, name and type in headers) or as a multipart form's `file` (`POST`). */
  upload: {
    method: 'PUT',
    scope: 'rooms',
    path: '/rooms/:id/upload',
    params: RoomIdParams,
    status: 201,
    response: RoomUploadResult,
  },
  /** A room file's download: a bearer token, or the signed link of the item's `file_url` (`access`). */
  download: {
    method: 'GET',
    scope: 'rooms',
    path: '/rooms/:id/files/:fileId/:name',
    params: RoomFileParams,
    query: RoomFileQuery,
  },
});

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

/** This machine's network origins for share links: loopback callers without PUBLIC_URL only. */
export const NETWORK_ENDPOINTS = defineEndpoints({
  shareOrigins: { method: 'GET', path: '/network/share-origins', response: ShareOriginsResponse },
});

/**
 * Personal access tokens, managed from a signed-in browser only: a token can neither list, create nor
 * revoke tokens. The token itself is answered once, by its creation.
 */
export const TOKEN_ENDPOINTS = defineEndpoints({
  list: { method: 'GET', path: '/tokens', response: TokenList },
  /** 409 `TOKEN_LIMIT_REACHED` once the user holds the most tokens allowed; 429 over the creations per minute. */
  create: { method: 'POST', path: '/tokens', body: CreateTokenRequest, status: 201, response: CreatedToken },
  /** Revokes at once: the token's next call is refused and its sockets are closed, on every node. */
  revoke: { method: 'DELETE', path: '/tokens/:id', params: TokenIdParams, status: 204, response: null },
  /** The calling token and its owner: any token may ask about itself; 404 for a browser session. */
  current: { method: 'GET', scope: SELF_SCOPE, path: '/tokens/current', response: CurrentToken },
  /**
   * Ends the calling token at once, as `revoke` does (a CLI's sign-out): a token can end itself, never
   * another (`revoke` refuses tokens). 404 for a browser session, which signs out with `/auth/logout`.
   */
  revokeCurrent: { method: 'DELETE', scope: SELF_SCOPE, path: '/tokens/current', status: 204, response: null },
});

/**
 * Device sign-in (RFC 8628). `code` and `token` are the device's, signed out; `lookup`, `approve` and
 * `deny` are the approving browser's, signed in (a token cannot approve a device).
 */
export const DEVICE_SIGN_IN_ENDPOINTS = defineEndpoints({
  code: { method: 'POST', path: '/device/code', body: DeviceCodeRequest, response: DeviceCodeResponse },
  /**
   * The device's polling: the token once approved (single use); until then 400 with RFC 8628's
   * `{ error: 'authorization_pending' | 'slow_down' | 'access_denied' | 'expired_token' }` and a `code`.
   */
  token: { method: 'POST', path: '/device/token', body: DeviceTokenRequest, response: DeviceTokenResponse },
  /**
   * The client's name, the scopes it asks, when and from which network (compared with the caller's) it asked;
   * 404 for an unknown, used or expired code, 429 after many.
   */
  lookup: { method: 'POST', path: '/device/lookup', body: DeviceSignInUserCodeRequest, response: DeviceSignInDetails },
  /** Grants the scopes named, each one the device asked for (else 400). */
  approve: { method: 'POST', path: '/device/approve', body: DeviceSignInApprovalRequest, status: 204, response: null },
  deny: { method: 'POST', path: '/device/deny', body: DeviceSignInUserCodeRequest, status: 204, response: null },
});

/**
 * The account's devices (browsers, installed apps, CLIs), each one session: managed from a signed-in browser
 * only (a token gets 403 `TOKEN_NOT_ALLOWED`), except the list, which a token that may send (`clips:write`)
 * reads to find its targets, and a rename. Another user's device, or an unknown id, is 404. Not to be confused with
 * DEVICE_SIGN_IN_ENDPOINTS, the device sign-in that makes a CLI one of these.
 */
export const DEVICE_ENDPOINTS = defineEndpoints({
  /**
   * The account's devices with `online` (a socket open on any node), `lastSeenAt`, `current` and
   * `receivePolicy`. A CLI's token is its device's session, so `current` marks the CLI itself.
   */
  list: { method: 'GET', scope: 'clips:write', path: '/devices', response: DeviceList },
  /**
   * The calling browser or installed app registers itself: 201 the first time, then 200 with the same
   * device (its name as it is now) for every later call of the same session. A name another device of the
   * account already reads as (trimmed, any case) is numbered: a third "Chromium on Linux" is
   * "Chromium on Linux 3".
   */
  register: { method: 'POST', path: '/devices', body: RegisterDeviceRequest, status: 201, response: Device },
  /**
   * Renames it and/or sets its receive policy (`{ name?, receivePolicy? }`); `accept` for a browser is 400
   * (only cli and app may take it); a name another of the account's devices has (trimmed, any case) is 409
   * `DEVICE_NAME_TAKEN`. A token with `clips:write` may rename its own device (`clipsync devices rename`), not
   * another one nor set a receive policy (403 `TOKEN_NOT_ALLOWED`).
   */
  update: {
    method: 'PATCH',
    scope: 'clips:write',
    path: '/devices/:id',
    params: DeviceIdParams,
    body: UpdateDeviceRequest,
    response: Device,
  },
  /** Signs the device out at once: its session is revoked, its calls answer 401 and its sockets close, on every node. */
  remove: { method: 'DELETE', path: '/devices/:id', params: DeviceIdParams, status: 204, response: null },
});

/**
 * Sending text or a clip to the caller's own devices (docs/features.md#my-devices). Delivered over each device's socket as
 * `device:send` and kept until it acknowledges with `device:send-ack` (sent again every 30 s until then, and
 * on every connect); expires after 7 days. Files: make a clip with them first, then send its `clipId`.
 */
export const DEVICE_SEND_ENDPOINTS = defineEndpoints({
  /**
   * 201 with one send per device. 404 when any device of `to` is unknown, another user's or signed out;
   * 403 for the calling device itself; 409 `DEVICE_NOT_RECEIVING` (with `deviceIds`) when a device's policy
   * is `off`; 404 for a clip not the caller's; 413 `QUOTA_EXCEEDED` when the waiting text would not fit the
   * sender's storage; 429 over DEVICE_SENDS_PER_MINUTE.
   */
  create: {
    method: 'POST',
    scope: 'clips:write',
    path: '/device-sends',
    body: CreateDeviceSendRequest,
    status: 201,
    response: CreatedDeviceSends,
  },
  /** What waits for the calling device (not yet acknowledged, not expired), oldest first; a pull beside the socket. */
  pending: { method: 'GET', scope: 'clips:read', path: '/device-sends/pending', response: PendingDeviceSends },
  /**
   * The HTTP twin of `device:send-ack`, for a client that pulled: the calling device has it. 204 also for an
   * id already acknowledged; 404 for an unknown id or one addressed to another device.
   */
  ack: {
    method: 'POST',
    scope: 'clips:read',
    path: '/device-sends/:id/ack',
    params: DeviceSendIdParams,
    status: 204,
    response: null,
  },
});

/**
 * Nearness proved by two of the account's devices (decision 030): each registers a public key, one asks for a
 * challenge for the pair, both sign its nonce after exchanging it over a host-only WebRTC data channel, and
 * the proof records the pair as near for 12 hours (`nearUntil` in `GET /api/devices`). Browser sessions only.
 */
export const NEARNESS_ENDPOINTS = defineEndpoints({
  /** The calling device's ECDSA P-256 public key (JWK), replacing any earlier one (and its proofs). 204. */
  registerKey: {
    method: 'PUT',
    path: '/devices/current/key',
    body: RegisterDeviceKeyRequest,
    status: 204,
    response: null,
  },
  /**
   * A single-use challenge for the calling device and `withDeviceId`, valid 60 s. 404 for a device that is
   * unknown, another user's or signed out; 403 for the calling device itself or a session that is no device;
   * 409 when either device has no key yet.
   */
  createChallenge: {
    method: 'POST',
    path: '/nearness/challenges',
    body: CreateNearChallengeRequest,
    status: 201,
    response: NearChallenge,
  },
  /**
   * Both signatures, posted by either device of the challenge: the one that asked for it, or the other (it
   * scanned the first one's QR code). Any failure (unknown, expired or used challenge, another device's or
   * user's, a wrong signature) is the one 403 `FORBIDDEN`; the challenge is spent by the first attempt of
   * either device. A recorded proof is told to the account's sockets as `device:near`.
   */
  proof: {
    method: 'POST',
    path: '/nearness/challenges/:challengeId/proof',
    params: NearChallengeParams,
    body: NearProofRequest,
    response: NearProof,
  },
});

/** Paid plans: a 503 `PAYMENTS_NOT_CONFIGURED` means this server sells none. */
export const BILLING_ENDPOINTS = defineEndpoints({
  get: { method: 'GET', path: '/billing', response: BillingResponse },
  /** Public: whether this server sells plans at all, asked once per visit instead of meeting a 503. */
  config: { method: 'GET', path: '/billing/config', response: BillingConfigResponse },
  /** The caller's plan in force and the storage it gives, with or without payments (a plan an admin granted). */
  plan: { method: 'GET', path: '/billing/plan', response: PlanInForceResponse },
  /** Stripe's hosted checkout for a plan and interval; the browser goes to the answer's `url`. */
  checkout: { method: 'POST', path: '/stripe/checkout', body: CheckoutRequest, response: RedirectUrlResponse },
  /** Stripe's customer portal, where the subscriber changes card, plan or cancels. */
  portal: { method: 'POST', path: '/billing/portal', response: RedirectUrlResponse },
  /** Stripe's signed events: the body is read as bytes, since the signature covers them exactly. */
  webhook: { method: 'POST', path: '/stripe/webhook', response: StripeWebhookReceived },
});

/** For operators and their tools: liveness, readiness and (with METRICS_TOKEN) Prometheus' page. */
export const OPS_ENDPOINTS = defineEndpoints({
  health: { method: 'GET', path: '/health', response: HealthResponse },
  /** 503 with the same body when the database, Redis or the bucket cannot be reached. */
  ready: { method: 'GET', path: '/ready', response: ReadyResponse },
  /** Prometheus' text format, not JSON. */
  metrics: { method: 'GET', path: '/metrics' },
  /** The dev outbox: not in production, and for callers on the server's own machine only. */
  devOutbox: { method: 'GET', path: '/dev/outbox', response: DevOutboxResponse },
});

/**
 * A share the server kept under a claim link (docs/security.md#shares-kept-for-a-claim): anyone holding the link sees and may discard what
 * waits; a signed-in user turns it into one clip. Unknown, used and expired links are the same 404.
 */
export const SHARE_CLAIM_ENDPOINTS = defineEndpoints({
  get: {
    method: 'GET',
    scope: 'clips:read',
    path: '/share-claims/:token',
    params: ShareClaimParams,
    response: ShareClaim,
  },
  /** One clip of the text and files (counted in the user's storage quota); single use. */
  claim: {
    method: 'POST',
    scope: 'clips:write',
    path: '/share-claims/:token/claim',
    params: ShareClaimParams,
    status: 201,
    response: ClaimedShare,
  },
  discard: {
    method: 'DELETE',
    scope: 'clips:write',
    path: '/share-claims/:token',
    params: ShareClaimParams,
    status: 204,
    response: null,
  },
});
export { ADMIN_INVITATION_ENDPOINTS } from './admin-invitation-endpoints';
export { ADMIN_ACCOUNT_ENDPOINTS } from './admin-account-endpoints';
export { REPORT_ENDPOINTS, MODERATION_ENDPOINTS } from './moderation-endpoints';
export { AUDIT_ENDPOINTS, SECURITY_EVENT_ENDPOINTS } from './audit-endpoints';
export { ADMIN_USER_ENDPOINTS } from './admin-user-endpoints';
export { ADMIN_OVERVIEW_ENDPOINTS } from './admin-overview-endpoints';
export { SSO_ENDPOINTS } from './sso-endpoints';
export { PUSH_ENDPOINTS } from './push-endpoints';
