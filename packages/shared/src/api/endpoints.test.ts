import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { API_TABLES } from './endpoints';

const entries = Object.entries(API_TABLES).flatMap(([table, group]) =>
  Object.entries(group).map(([name, endpoint]) => [`${table}.${name}`, endpoint] as const),
);
const segmentNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]).sort();

describe('the endpoint table', () => {
  test.each(entries)('%s names the same parameters in its path and its params schema', (_name, endpoint) => {
    const schemaNames = endpoint.params instanceof z.ZodObject ? Object.keys(endpoint.params.shape).sort() : [];
    expect(schemaNames).toEqual(segmentNames(endpoint.path));
  });

  test('no two entries share a method and a path', () => {
    const keys = entries.map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('paths are under /api without repeating it, and end without a slash', () => {
    for (const [, endpoint] of entries) expect(endpoint.path).toMatch(/^\/(?!api\/)[^?#]*[^/]$/);
  });
});
