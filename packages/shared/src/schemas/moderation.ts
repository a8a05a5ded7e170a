import { z } from 'zod';
import { REPORT_NOTE_MAX, REPORTS_PAGE_SIZE, TAKEDOWN_REASON_MAX } from '../limits';
import { text } from './text';

/** What a signed-out visitor can report: a shared clip, a shared desktop, or a room's join link. */
export const REPORTED_KINDS = ['clip', 'desktop', 'room'] as const;
export const ReportedKind = z.enum(REPORTED_KINDS);
export type ReportedKind = z.infer<typeof ReportedKind>;

/** The short list a reporter picks from: enough to sort the queue, too few to need reading twice. */
export const REPORT_REASONS = ['malware', 'phishing', 'illegal', 'spam', 'other'] as const;
export const ReportReason = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof ReportReason>;

/** The text a taken-down link answers (410 `TAKEN_DOWN`), and what its open pages show. */
export const TAKEN_DOWN_MESSAGE = 'This link was removed by the operator of this server';

/**
 * `POST /api/reports`, signed out: the item as its link names it (a clip's link id, a desktop's or a room's
 * share token), a reason, and an optional note.
 */
export const CreateReportRequest = z.object({
  kind: ReportedKind,
  link: text().trim().min(1).max(200),
  reason: ReportReason,
  note: text().trim().max(REPORT_NOTE_MAX).optional(),
});
export type CreateReportRequest = z.infer<typeof CreateReportRequest>;

export const ReportQueueStatus = z.enum(['open', 'resolved']);
export type ReportQueueStatus = z.infer<typeof ReportQueueStatus>;

/** `GET /api/admin/reports`: open items (any report not yet handled) or resolved ones, newest report first. */
export const ReportQueueQuery = z.object({
  status: ReportQueueStatus.default('open'),
  limit: z.coerce.number().int().min(1).max(100).default(REPORTS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ReportQueueQuery = z.infer<typeof ReportQueueQuery>;

/** An item's takedown while it lasts: the owner sees the reason on the item. */
export const Takedown = z.object({ reason: z.string(), takenDownAt: z.string() });
export type Takedown = z.infer<typeof Takedown>;

/** An item's owner as the queue shows them, with how many of their items were ever taken down. */
export const ReportedOwner = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  takedownCount: z.number().int(),
  isDisabled: z.boolean(),
});
export type ReportedOwner = z.infer<typeof ReportedOwner>;

/**
 * One reported item in the queue, its reports grouped: the item's metadata only, never its content (which
 * `content` gives on demand). `sizeBytes` is a clip's text and files; null for desktops and rooms.
 * `visitorPath` is the page its link opens, as a visitor sees it (a clip's, a shared desktop's); null for a
 * room, whose link would make the admin a member, and for an item no longer shared.
 */
export const ReportedItem = z.object({
  kind: ReportedKind,
  id: z.string(),
  visitorPath: z.string().nullable(),
  owner: ReportedOwner,
  createdAt: z.string(),
  sizeBytes: z.number().int().nullable(),
  encrypted: z.boolean(),
  reportCount: z.number().int(),
  reasons: z.array(ReportReason),
  notes: z.array(z.string()),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  takedown: Takedown.nullable(),
});
export type ReportedItem = z.infer<typeof ReportedItem>;

export const ReportQueue = z.object({ items: z.array(ReportedItem), total: z.number().int() });
export type ReportQueue = z.infer<typeof ReportQueue>;

export const ReportedItemParams = z.object({ kind: ReportedKind, id: text().min(1).max(200) });
export type ReportedItemParams = z.infer<typeof ReportedItemParams>;

export const TakedownRequest = z.object({ reason: text().trim().min(1).max(TAKEDOWN_REASON_MAX) });
export type TakedownRequest = z.infer<typeof TakedownRequest>;

/** What an admin reads when they choose to open an item: its texts and its files' names and sizes. */
export const ReportedItemContent = z.object({
  texts: z.array(z.string()),
  files: z.array(z.object({ name: z.string(), size: z.number().int() })),
});
export type ReportedItemContent = z.infer<typeof ReportedItemContent>;
