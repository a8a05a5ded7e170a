import { describe, expect, test } from 'vitest';
import { CLIENT_EVENT_PAYLOADS, type ServerToClientEvents } from './events';

/** `area:event`: lower-case segments joined by colons, the words of one segment by hyphens. */
const EVENT_NAME = /^[a-z]+(?:-[a-z]+)*(?::[a-z]+(?:-[a-z]+)*)+$/;

/** Names installed apps and CLIs already speak: renaming one would break them, so they stay as they are. */
const LEGACY_NAMES = new Set([
  'clip-update',
  'clip-created',
  'clip-deleted',
  'clip-content-updated',
  'clip-files-updated',
  'clip-content-update',
  'clip-files-update',
  'lan:peer:desktop_data',
  'lan:discover:request_peers',
]);

/** Every event the server sends: the type makes a new one in ServerToClientEvents a compile error until listed. */
const SERVER_EVENTS = {
  'lan:peer:announce': true,
  'lan:peers:list': true,
  'lan:desktop:update': true,
  'lan:peer:disconnect': true,
  'lan:host:stopped': true,
  'lan:peer:desktop_data': true,
  'lan:error': true,
  'lan:near:signal': true,
  'lan:near:challenge': true,
  'lan:near:proved': true,
  'desktop:item:new': true,
  'desktop:item:modified': true,
  'desktop:item:removed': true,
  'desktop:share:revoked': true,
  'room:changed': true,
  'room:closed': true,
  'device:presence': true,
  'device:near': true,
  'device:send': true,
  'near:signal': true,
  'clip-update': true,
  'clip-created': true,
  'clip-deleted': true,
  'clip-content-updated': true,
  'clip-files-updated': true,
  'item:taken-down': true,
  'account:disabled': true,
} satisfies Record<keyof ServerToClientEvents, true>;

describe('socket event names', () => {
  const names = [...Object.keys(SERVER_EVENTS), ...Object.keys(CLIENT_EVENT_PAYLOADS)];

  test.each(names.filter((name) => !LEGACY_NAMES.has(name)))('%s is named area:event', (name) => {
    expect(name).toMatch(EVENT_NAME);
  });

  test('every legacy name is still an event, and still differs from the style', () => {
    for (const name of LEGACY_NAMES) {
      expect(names).toContain(name);
      expect(name).not.toMatch(EVENT_NAME);
    }
  });
});
