import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

// docs/ARCHITECTURE.md is the map a newcomer reads first. It stays short enough to read and lists every
// top-level source folder, so a folder nobody explained fails here instead of drifting out of the page.

const root = resolve(import.meta.dirname, '..');
const PAGE = 'docs/ARCHITECTURE.md';
const MAX_LINES = 150;
const SOURCE_ROOTS = ['apps', 'packages'];

function subfolders(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
    .map((entry) => `${dir}/${entry.name}`);
}

/** Every `apps/*\/src/*` and `packages/*\/src/*` folder. */
function topLevelSourceFolders(): string[] {
  return SOURCE_ROOTS.flatMap(subfolders).flatMap((project) => subfolders(`${project}/src`));
}

/** The first column of the table under "## Folders", each a path from the repository's root. */
function tableFolders(page: string): string[] {
  const section = page.split(/^## /m).find((part) => part.startsWith('Folders')) ?? '';
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]!.replace(/\/$/, ''));
}

describe(PAGE, () => {
  const page = readFileSync(join(root, PAGE), 'utf8');
  const listed = new Set(tableFolders(page));

  test(`stays within ${MAX_LINES} lines`, () => {
    expect(page.trimEnd().split('\n').length).toBeLessThanOrEqual(MAX_LINES);
  });

  test('has a row for every top-level folder of apps/*/src and packages/*/src', () => {
    const folders = topLevelSourceFolders();
    expect(folders.length).toBeGreaterThan(0);
    const missing = folders.filter((folder) => !listed.has(folder));
    expect(missing).toEqual([]);
  });

  test('names only folders that exist', () => {
    const gone = [...listed].filter((folder) => !existsSync(join(root, folder)));
    expect(gone).toEqual([]);
  });
});
