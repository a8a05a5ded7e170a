import * as z from 'zod/mini';
import {
  DEVICE_CLIENT_NAME_MAX,
  DEVICE_NAME_MAX,
  FILE_NAME_MAX,
  PUSH_TEXT_PREVIEW_MAX,
  ROOM_NAME_MAX,
  TOKEN_NAME_MAX,
} from '../limits';
import { RESOURCE_ID_PATTERN } from '../resource-id';

/*
 * Written with Zod Mini, not the classic API the other schemas use: the service worker parses every push with
 * it, and Zod Mini's functions leave out of the worker's bundle what they do not use (classic zod alone is
 * ~110 KB gzip there; the budget for the whole worker is 30 KB, bench/service-worker.ts). The server only
 * builds these messages, so nothing composes this schema with classic ones.
 */

const Id = z.string().check(z.regex(RESOURCE_ID_PATTERN, 'Invalid id'));
const maxText = (max: number) => z.string().check(z.maxLength(max));

/** A device's, a CLI's or a hand-made token's name: what a send's `from` and a sign-in's `device` may be. */
const SenderName = maxText(Math.max(DEVICE_NAME_MAX, DEVICE_CLIENT_NAME_MAX, TOKEN_NAME_MAX));

/**
 * What a push carries (the decrypted payload the service worker reads). Facts, not sentences: the service
 * worker words them in the app's language. Never a clip's text unless `showText` is on (then at most
 * PUSH_TEXT_PREVIEW_MAX characters), never an end-to-end encrypted clip's content.
 */
export const PushMessage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('send'),
    sendId: Id,
    /** The sending device's name ("Laptop"). */
    from: SenderName,
    /** Set only with `showText`, for a text send. */
    text: z.optional(maxText(PUSH_TEXT_PREVIEW_MAX)),
    /** A clip with files: its first file, and how many there are. */
    file: z.optional(
      z.object({
        name: maxText(FILE_NAME_MAX),
        size: z.int().check(z.nonnegative()),
        count: z.int().check(z.positive()),
      }),
    ),
  }),
  z.object({
    kind: z.literal('sign_in'),
    /** The coarse device of the new sign-in ("Firefox on Windows", "clipsync CLI"). */
    device: SenderName,
    at: z.iso.datetime(),
  }),
  z.object({ kind: z.literal('room'), roomId: Id, roomName: maxText(ROOM_NAME_MAX) }),
  z.object({ kind: z.literal('share_view'), clipId: Id }),
]);
export type PushMessage = z.infer<typeof PushMessage>;
export type PushKind = PushMessage['kind'];
