import type { RoomActivityEntry } from '@clipsync/shared';

/** An activity line's i18n key under `rooms.activity` and the values it takes. */
export interface ActivityWording {
  key: string;
  values: Record<string, string>;
}

/** `details` is a JSON string written by the server; an unreadable one reads as having no details. */
function parseDetails(details: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(details);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * The activity wording per type, from the entry's `details`: content_add names its contentType,
 * file_uploaded its fileName, member_added its memberEmail, room_updated the new name and/or privacy.
 * A type this client does not know reads 'performed an action'.
 */
export function describeActivity(entry: Pick<RoomActivityEntry, 'type' | 'details'>): ActivityWording[] {
  const details = parseDetails(entry.details);
  switch (entry.type) {
    case 'content_add':
      return [{ key: 'content_add', values: { contentType: text(details.contentType) || 'text' } }];
    case 'file_uploaded':
      return [{ key: 'file_uploaded', values: { fileName: text(details.fileName) } }];
    case 'member_added':
      return [{ key: 'member_added', values: { memberEmail: text(details.memberEmail) } }];
    case 'member_removed':
      return text(details.memberEmail)
        ? [{ key: 'member_removed', values: { memberEmail: text(details.memberEmail) } }]
        : [{ key: 'member_removed_unnamed', values: {} }];
    case 'room_updated': {
      const changes: ActivityWording[] = [];
      if (text(details.name)) changes.push({ key: 'room_renamed', values: { name: text(details.name) } });
      if (typeof details.isPrivate === 'boolean')
        changes.push({ key: details.isPrivate ? 'room_made_private' : 'room_made_public', values: {} });
      if (details.inviteLinkRotated === true) changes.push({ key: 'invite_renewed', values: {} });
      return changes.length > 0 ? changes : [{ key: 'room_updated', values: {} }];
    }
    case 'member_join':
    case 'member_joined_by_token':
    case 'member_left':
    case 'content_edited':
    case 'content_deleted':
    case 'room_deleted':
      return [{ key: entry.type, values: {} }];
    default:
      return [{ key: 'unknown', values: {} }];
  }
}
