import type { Device } from '@clipsync/shared';
import { describe, expect, test } from 'vitest';
import { pickDevice } from './device-match';

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
});
