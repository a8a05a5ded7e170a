import { describe, expect, test } from 'vitest';
import { isAppRoute } from './routes';

describe('isAppRoute', () => {
  test.each(['/', '/auth', '/dashboard', '/dashboard/', '/clips/abc', '/rooms/r1', '/desktop/shared/tok', '/new-clip'])(
    '%s is a page',
    (path) => expect(isAppRoute(path)).toBe(true),
  );
  test.each(['/nope', '/clips/abc/extra', '/desktop/shared', '/desktop/shared/', '/dashboardx', '/rooms/r1/x'])(
    '%s is not',
    (path) => expect(isAppRoute(path)).toBe(false),
  );
});
