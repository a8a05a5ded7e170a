import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

// A file's opening comment says what its folder or module is for, not which files sit beside it: such lists
// went stale as files came and went (db/client.ts named 14 of 21). A comment may point at a file or two.

const root = resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['apps/server/src', 'apps/web/src', 'packages/shared/src', 'packages/cli/src'];
const MOST_SIBLINGS_NAMED = 3;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The sibling files and folders a file's comment blocks name in backticks (`clips.service.ts`, `schema/`). */
function siblingsNamed(source: string, siblings: readonly string[]): string[] {
  const comments = source.match(/\/\*\*[\s\S]*?\*\//g) ?? [];
  const named = comments.flatMap((comment) => [...comment.matchAll(/`([\w.-]+\/?)`/g)].map((match) => match[1]!));
  return [...new Set(named.map((name) => name.replace(/\/$/, '')))].filter((name) => siblings.includes(name));
}

describe('folder comments', () => {
  test('counts the siblings a comment names, files and folders', () => {
    const source = '/**\n * `a.ts` and `b.ts`, `schema/`; not `c.ts` twice: `a.ts`.\n */';
    expect(siblingsNamed(source, ['a.ts', 'b.ts', 'schema'])).toEqual(['a.ts', 'b.ts', 'schema']);
  });

  test(`no source file's comments list more than ${MOST_SIBLINGS_NAMED} of the files beside it`, () => {
    const listing = SOURCE_DIRS.flatMap(sourceFiles).flatMap((file) => {
      const siblings = readdirSync(join(root, dirname(file))).filter((name) => name !== basename(file));
      const named = siblingsNamed(readFileSync(join(root, file), 'utf8'), siblings);
      return named.length > MOST_SIBLINGS_NAMED ? [`${file}: ${named.join(', ')}`] : [];
    });
    expect(listing).toEqual([]);
  });
});
