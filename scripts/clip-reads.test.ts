import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

// A clip row holds `search_text`, a lowercased copy of its text that only search reads (decision 008). A query
// that reads a clip's whole row (`select()`, `returning()`, `{ clip: clips }`) carries the text twice, so every
// other one names `clipColumns`. This finds the statements of the server that reach `clips` and read it whole.

const root = resolve(import.meta.dirname, '..');
const SERVER = join(root, 'apps/server/src');

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A statement that reaches `clips` (from, join, insert or update of it) reading whole rows. */
const REACHES_CLIPS = /\b(?:from|innerJoin|leftJoin|insert|update)\(\s*clips\b/;
const READS_WHOLE_ROWS = /\.select\(\s*\)|\.returning\(\s*\)|\w+:\s*clips\s*[,}]/;

export function wholeRowReadsOfClips(source: string): string[] {
  return source
    .split(';')
    .filter((statement) => REACHES_CLIPS.test(statement) && READS_WHOLE_ROWS.test(statement))
    .map((statement) => statement.trim().split('\n').slice(-3).join(' ').replace(/\s+/g, ' '));
}

test('no server query reads a clip whole, search text included', () => {
  const found = serverFiles(SERVER).flatMap((file) =>
    wholeRowReadsOfClips(readFileSync(file, 'utf8')).map((statement) => `${relative(root, file)}: ${statement}`),
  );
  expect(found).toEqual([]);
});

test('it finds each way of reading a whole row', () => {
  expect(wholeRowReadsOfClips('const [c] = await db.select().from(clips).where(x);')).toHaveLength(1);
  expect(wholeRowReadsOfClips('await tx.update(clips).set({ a }).where(x).returning();')).toHaveLength(1);
  expect(
    wholeRowReadsOfClips('db.select({ file: clipFiles, clip: clips }).from(clipFiles).innerJoin(clips, on);'),
  ).toHaveLength(1);
  expect(
    wholeRowReadsOfClips('db.select(clipColumns).from(clips).where(x); tx.update(clips).returning({ id: clips.id });'),
  ).toEqual([]);
});
