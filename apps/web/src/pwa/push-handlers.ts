import { isSameOriginPath, PushMessage } from '@clipsync/shared/service-worker';
import * as z from 'zod/mini';
import { push as dePush } from '../i18n/de/app.json';
import { push as enPush } from '../i18n/en/app.json';
import { push as esPush } from '../i18n/es/app.json';
import { push as frPush } from '../i18n/fr/app.json';
import type { LanguageCode } from '../i18n/languages';
import { formatDate } from '../lib/date-format';
import { formatFileSize } from '../lib/file-size';
import { sendLink } from './notification-link';

/**
 * What the service worker shows for a push (sw.ts): the payload's facts worded in the app's language, from
 * the app's own texts (only their `push.notification` part is bundled into the worker). Nothing here reads
 * the precache, so a worker of an older version still shows the notification.
 */
type Texts = typeof enPush.notification;
const TEXTS: Record<LanguageCode, Texts> = {
  en: enPush.notification,
  fr: frPush.notification,
  es: esPush.notification,
  de: dePush.notification,
};

export const NOTIFICATION_ICON = '/icons/icon-192.png';

export interface NotificationAction {
  action: 'copy' | 'open';
  title: string;
}

/** What a click on the notification (or one of its actions) opens. */
export interface NotificationLinks {
  open: string;
  copy?: string;
}

export interface ShownNotification {
  title: string;
  options: {
    body?: string;
    tag: string;
    icon: string;
    data: NotificationLinks;
    actions: NotificationAction[];
    timestamp?: number;
  };
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole));

/** Parses the decrypted payload; anything else still shows a notification (browsers penalise a silent push). */
export function readPushMessage(payload: string | null): PushMessage | null {
  if (payload === null) return null;
  try {
    const parsed = PushMessage.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function notificationFor(message: PushMessage | null, language: LanguageCode): ShownNotification {
  const texts = TEXTS[language];
  const open = (title: string) => ({ action: 'open' as const, title });
  const base = { icon: NOTIFICATION_ICON, actions: [] as NotificationAction[] };
  switch (message?.kind) {
    case 'send': {
      const { file } = message;
      const values = { device: message.from };
      const title = file
        ? file.count > 1
          ? fill(pluralOf(texts, file.count - 1, language), {
              ...values,
              file: file.name,
              size: formatFileSize(file.size),
              count: file.count - 1,
            })
          : fill(texts.sendFile, { ...values, file: file.name, size: formatFileSize(file.size) })
        : fill(texts.sendText, values);
      return {
        title,
        options: {
          ...base,
          ...(message.text ? { body: message.text } : {}),
          // One notification per send: a repeat of the same push replaces it.
          tag: `send-${message.sendId}`,
          data: {
            open: sendLink(message.sendId, { copy: false }),
            ...(file ? {} : { copy: sendLink(message.sendId, { copy: true }) }),
          },
          actions: file ? [open(texts.open)] : [{ action: 'copy', title: texts.copy }, open(texts.open)],
        },
      };
    }
    case 'sign_in':
      return {
        title: texts.signIn,
        options: {
          ...base,
          body: fill(texts.signInBody, { device: message.device, at: formatDate(message.at, 'dateTime', language) }),
          tag: `sign-in-${message.at}`,
          data: { open: '/settings/security-events' },
        },
      };
    case 'room':
      return {
        title: fill(texts.room, { room: message.roomName }),
        options: { ...base, tag: `room-${message.roomId}`, data: { open: `/rooms/${message.roomId}` } },
      };
    case 'share_view':
      return {
        title: texts.shareView,
        options: { ...base, tag: `share-view-${message.clipId}`, data: { open: `/clips/${message.clipId}` } },
      };
    default:
      return {
        title: texts.generic,
        options: { ...base, body: texts.genericBody, tag: 'clipsync', data: { open: '/dashboard' } },
      };
  }
}

function pluralOf(texts: Texts, count: number, language: LanguageCode): string {
  return new Intl.PluralRules(language).select(count) === 'one' ? texts.sendFiles_one : texts.sendFiles_other;
}

/**
 * The same-origin path a click opens: the action's link, else the notification's own. A notification of
 * another version, or not ours, opens the app's start page.
 */
export function linkForClick(data: unknown, action: string): string {
  const links = StoredLinks.safeParse(data);
  if (!links.success) return '/dashboard';
  const chosen = action === 'copy' ? (links.data.copy ?? links.data.open) : links.data.open;
  // A sign-in's return-path rule: `/\host` or a tab after the slash is another site to a URL parser.
  return isSameOriginPath(chosen) ? chosen : '/dashboard';
}

const StoredLinks = z.object({ open: z.string(), copy: z.optional(z.string()) });
