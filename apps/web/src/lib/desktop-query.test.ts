import { encodeQuery } from '@clipsync/shared';
import { describe, expect, test } from 'vitest';
import { toDesktopTargetQuery, toDesktopUploadQuery } from './desktop-query';

describe('desktop queries', () => {
  test('a shared desktop is named by its token, encoded; elsewhere there is no query', () => {
    expect(encodeQuery(toDesktopTargetQuery({ desktopId: 'tok/1' }))).toBe('desktopId=tok%2F1');
    expect(encodeQuery(toDesktopTargetQuery({}))).toBe('');
  });

  test('an upload adds where its block lands', () => {
    expect(encodeQuery(toDesktopUploadQuery({ desktopId: 'tok' }, { x: 210, y: 0 }))).toBe('desktopId=tok&x=210&y=0');
    expect(encodeQuery(toDesktopUploadQuery({}, { x: 1, y: 2 }))).toBe('x=1&y=2');
    expect(encodeQuery(toDesktopUploadQuery({}))).toBe('');
  });
});
