import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { circles, relativeImports } from './import-graph';

// ESLint's import-x/no-cycle guards the apps against import circles but skips `import type`, and has no option
// to count it. A type-only circle still hides which file is the lower layer (a pure presenter ends up naming a
// file that queries the database), so this walks every relative import, types included.

const root = resolve(import.meta.dirname, '..');
const APPS = ['apps/server/src', 'apps/web/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function importGraph(files: string[]): Map<string, string[]> {
  return new Map(files.map((file) => [file, [...new Set(relativeImports(file).map(({ target }) => target))]]));
}

describe('import circles in the apps, type-only imports included', () => {
  test('finds one when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts']]);
  });

  test.each(APPS)('%s has none', (app) => {
    const graph = importGraph(sourceFiles(join(root, app)));
    const found = circles(graph).map((group) => group.map((file) => relative(root, file)).join(' <-> '));
    expect(found).toEqual([]);
  });
});
