import { describe, expect, expectTypeOf, test } from 'vitest';
import { pathTo, type PathParams } from './endpoint';

describe('pathTo', () => {
  test('fills each :name segment', () => {
    expect(pathTo('/rooms/:id/members/:memberId', { id: 'r1', memberId: 'm2' })).toBe('/rooms/r1/members/m2');
  });

  test('a path without parameters stays as it is', () => {
    expect(pathTo('/clipboard/stats', {})).toBe('/clipboard/stats');
  });

  test('encodes a value so it stays one segment', () => {
    expect(pathTo('/clipboard/:id', { id: 'a/b?c#d é' })).toBe('/clipboard/a%2Fb%3Fc%23d%20%C3%A9');
  });

  test('a value missing at run time is an error, not "undefined" in the path', () => {
    const params = {} as PathParams<'/clipboard/:id'>;
    expect(() => pathTo('/clipboard/:id', params)).toThrow(':id');
  });

  test('the parameters are typed from the path', () => {
    expectTypeOf<PathParams<'/rooms/:id/members/:memberId'>>().toEqualTypeOf<{ id: string; memberId: string }>();
    expectTypeOf<PathParams<'/files/:fileId/:name'>>().toEqualTypeOf<{ fileId: string; name: string }>();
    expectTypeOf<PathParams<'/clipboard/stats'>>().toEqualTypeOf<Record<never, string>>();
  });
});
