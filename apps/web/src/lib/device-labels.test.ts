import { describe, expect, test } from 'vitest';
import { makeDevice } from '../test/device-fixtures';
import { shortIdsOfNamesakes } from './device-labels';

describe('shortIdsOfNamesakes', () => {
  test('only devices that share a name (trimmed, any case) get a short id, long enough to differ', () => {
    const devices = [
      makeDevice({ id: 'AAAAAA111111111111111A', name: 'Chromium on Linux' }),
      makeDevice({ id: 'AAAAAA211111111111111A', name: 'chromium on linux ' }),
      makeDevice({ id: 'BBBBBB111111111111111A', name: 'Chromium on Linux' }),
      makeDevice({ id: 'CCCCCC111111111111111A', name: 'Phone' }),
    ];
    expect(Object.fromEntries(shortIdsOfNamesakes(devices))).toEqual({
      AAAAAA111111111111111A: 'AAAAAA1',
      AAAAAA211111111111111A: 'AAAAAA2',
      BBBBBB111111111111111A: 'BBBBBB1',
    });
  });

  test('no namesakes, no short ids', () => {
    expect(shortIdsOfNamesakes([makeDevice(), makeDevice({ id: 'OTHER0000000000000000A', name: 'Phone' })]).size).toBe(
      0,
    );
  });
});
