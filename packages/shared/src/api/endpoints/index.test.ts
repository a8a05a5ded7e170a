import { readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { API_TABLES } from '.';

/**
 * A group left out of `API_TABLES` is left out of the server's token scope check (every token refused on its
 * routes) and of the table's own checks, with nothing else failing: every group a `*.endpoints.ts` file
 * exports must be listed there under its export name, and nothing else may be.
 */
const files = readdirSync(new URL('.', import.meta.url)).filter((name) => name.endsWith('.endpoints.ts'));

async function exportedGroups() {
  const groups = new Map<string, unknown>();
  for (const file of files) {
    const module: Record<string, unknown> = await import(`./${file}`);
    for (const [name, value] of Object.entries(module)) if (name.endsWith('_ENDPOINTS')) groups.set(name, value);
  }
  return groups;
}

describe('API_TABLES', () => {
  test('the folder has endpoint files to read', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  test('lists every group an endpoint file exports, under its export name', async () => {
    const missing = [...(await exportedGroups())].filter(([name, group]) => API_TABLES[name] !== group);
    expect(missing.map(([name]) => name)).toEqual([]);
  });

  test('lists nothing that no endpoint file exports', async () => {
    const groups = await exportedGroups();
    const extra = Object.entries(API_TABLES).filter(([name, table]) => groups.get(name) !== table);
    expect(extra.map(([name]) => name)).toEqual([]);
  });
});
