import { describe, expect, test } from 'vitest';
import { linkForClick, notificationFor, readPushMessage } from './push-handlers';

const SEND_ID = 'sendAAAAAAAAAAAAAAAAAA';
const send = (fields: object) => JSON.stringify({ kind: 'send', sendId: SEND_ID, from: 'Laptop', ...fields });

describe('push notifications', () => {
  test('a text send: "Text from Laptop", its text only when the payload has it, Copy and Open, one per send', () => {
    const shown = notificationFor(readPushMessage(send({ text: 'hello there' })), 'en');
    expect(shown.title).toBe('Text from Laptop');
    expect(shown.options.body).toBe('hello there');
    expect(shown.options.tag).toBe(`send-${SEND_ID}`);
    expect(shown.options.actions.map((action) => action.title)).toEqual(['Copy', 'Open']);
    expect(linkForClick(shown.options.data, '')).toBe(`/devices?send=${SEND_ID}`);
    expect(linkForClick(shown.options.data, 'copy')).toBe(`/devices?send=${SEND_ID}&copy=1`);

    const hidden = notificationFor(readPushMessage(send({})), 'en');
    expect(hidden.options.body).toBeUndefined();
  });

  test("a file send names the file and its size in the app's words, in the app's language", () => {
    const file = { name: 'report.pdf', size: 1536, count: 1 };
    expect(notificationFor(readPushMessage(send({ file })), 'en').title).toBe('report.pdf (1.5 KB) from Laptop');
    const three = notificationFor(readPushMessage(send({ file: { ...file, count: 3 } })), 'fr');
    expect(three.title).toBe('report.pdf (1.5 KB) et 2 autres fichiers de Laptop');
    expect(three.options.actions.map((action) => action.action)).toEqual(['open']);
  });

  test('the other kinds open where they are about', () => {
    const roomId = 'roomAAAAAAAAAAAAAAAAAA';
    const room = notificationFor(readPushMessage(JSON.stringify({ kind: 'room', roomId, roomName: 'Design' })), 'de');
    expect(room.title).toBe('Neu in Design');
    expect(linkForClick(room.options.data, '')).toBe(`/rooms/${roomId}`);
    const signIn = readPushMessage(
      JSON.stringify({ kind: 'sign_in', device: 'Firefox on Windows', at: '2026-11-27T05:00:00.000Z' }),
    );
    expect(notificationFor(signIn, 'en').title).toBe('New sign-in to your account');
    expect(notificationFor(signIn, 'en').options.body).toMatch(/^Firefox on Windows, /);
  });

  test('a payload that is missing or not a message still shows a notification', () => {
    for (const payload of [null, 'not json', JSON.stringify({ kind: 'send', sendId: 'short' })]) {
      const shown = notificationFor(readPushMessage(payload), 'es');
      expect(shown.title).toBe('ClipSync');
      expect(shown.options.body).toBe('Hay algo nuevo para ti. Abre ClipSync para verlo.');
      expect(linkForClick(shown.options.data, 'open')).toBe('/dashboard');
    }
  });

  test("a click never leaves the app's origin, whatever a notification carries", () => {
    expect(linkForClick({ open: 'https://evil.example/' }, '')).toBe('/dashboard');
    expect(linkForClick({ open: '//evil.example/' }, '')).toBe('/dashboard');
    expect(linkForClick({ open: '/\\evil.example/' }, '')).toBe('/dashboard');
    expect(linkForClick({ open: '/\t/evil.example/' }, '')).toBe('/dashboard');
    expect(linkForClick(undefined, 'copy')).toBe('/dashboard');
  });
});
