import { APP_ROUTES } from '@clipsync/shared';
import type { RouteObject } from 'react-router';
import { describe, expect, test } from 'vitest';
import { routes } from './router';

const pathsOf = (list: RouteObject[]): string[] =>
  list.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);

describe('router', () => {
  test("declares exactly the contract's page routes (the server answers any other path with 404), plus the not-found page", () => {
    const paths = pathsOf(routes);
    expect(paths.filter((path) => path !== '*').sort()).toEqual([...APP_ROUTES].sort());
    expect(paths).toContain('*');
  });
});
