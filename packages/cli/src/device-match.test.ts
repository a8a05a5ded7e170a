import type { Device } from '@clipsync/shared';
import { describe, expect, test } from 'vitest';
import { idStart, pickDevice } from './device-match';

const device = (id: string, name: string): Device => ({
  id,
  name,
  kind: 'browser',
  createdAt: '2026-11-26T10:00:00.000Z',
  lastSeenAt: '2026-11-26T10:00:00.000Z',
  online: false,
  current: false,
  receivePolicy: 'ask',
});

describe('pickDevice', () => {
  const laptop = device('3fA9xQk2LmNpQrStUvWxYz', 'Chromium on Linux');
  const namesake = device('3fA9xRz8AbCdEfGhIjKlMn', 'chromium on linux');
  const phone = device('Zz81kPq0AbCdEfGhIjKlMn', 'Ｐｈｏｎｅ');

  test('a whole name, read as the server compares names (any case or width), wins over a longer one', () => {
    expect(pickDevice([laptop, phone], 'CHROMIUM ON LINUX')).toBe(laptop);
    expect(pickDevice([laptop, phone], 'phone')).toBe(phone);
    expect(pickDevice([laptop, phone], 'chro')).toBe(laptop);
  });

  test("namesakes are told apart by the start of their id, as the web's picker shows it", () => {
    expect(() => pickDevice([laptop, namesake], 'chromium on linux')).toThrow(/2 devices match/);
    expect(pickDevice([laptop, namesake], '3fA9xQ')).toBe(laptop);
    expect(pickDevice([laptop, namesake], namesake.id)).toBe(namesake);
    // Too short to be an id's start, and matching no name: refused with the list.
    expect(() => pickDevice([laptop, namesake], '3fA9')).toThrow(/No device named "3fA9"/);
    // The start both ids share names two devices.
    expect(() => pickDevice([laptop, namesake], '3fA9x')).toThrow(/No device named/);
  });

  test('a word of the name, or its start, matches as the start of the name does; two matches are still refused', () => {
    const android = device('Ab12Cd34Ef56Gh78Ij90Kl', 'Chromium on Android');
    const firefox = device('Xy12Cd34Ef56Gh78Ij90Kl', 'Firefox (Android tablet)');
    expect(pickDevice([laptop, android], 'android')).toBe(android);
    expect(pickDevice([laptop, android], 'ANDR')).toBe(android);
    expect(pickDevice([laptop, android], 'on android')).toBe(android);
    expect(pickDevice([laptop, phone, firefox], 'tablet')).toBe(firefox);
    // Inside a word is no match: "droid" begins no word of either name.
    expect(() => pickDevice([laptop, android], 'droid')).toThrow(/No device named "droid"/);
    expect(() => pickDevice([laptop, android, firefox], 'android')).toThrow(/2 devices match "android"/);
    // The whole name still wins over a name that only holds it as a word.
    expect(pickDevice([phone, device('Zz99kPq0AbCdEfGhIjKlMn', 'My phone')], 'phone')).toBe(phone);
  });

  test('a refusal lists the candidates in aligned columns with the shortest start of each id that picks it', () => {
    const now = new Date('2026-11-26T10:05:00.000Z');
    const online = { ...namesake, online: true };
    let message = '';
    try {
      pickDevice([laptop, online, phone], 'chromium', ([first]) => `try clipsync send --to ${first!.start}`, now);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      [
        '2 devices match "chromium": try clipsync send --to 3fA9xQ.',
        '  NAME               ID START  KIND     LAST SEEN',
        '  Chromium on Linux  3fA9xQ    browser  5 min ago',
        '  chromium on linux  3fA9xR    browser  online',
      ].join('\n'),
    );
    // What the list offers works: each start picks its device.
    expect(pickDevice([laptop, online, phone], '3fA9xQ')).toBe(laptop);
    expect(() => pickDevice([laptop, phone], 'tablet', undefined, now)).toThrow(
      /Your devices:\n {2}NAME {15}ID START {2}KIND/,
    );
  });

  test("an id's start grows past 6 characters until it names the device alone", () => {
    const near = device('3fA9xQk2ZZZZZZZZZZZZZZ', 'Desk');
    expect(idStart([laptop, near], laptop)).toBe('3fA9xQk2L');
    expect(idStart([laptop, near], near)).toBe('3fA9xQk2Z');
    expect(idStart([laptop], laptop)).toBe('3fA9xQ');
  });
});
