import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTemplateWorker } from '../test/pglite-template';
import { serverBuildForThisProcess } from '../test/server-build';
import type { PgliteWorker } from './db/pglite-worker-client';
import { AppError } from './lib/app-error';
import type { NewClipRow, NewTextClip, TextSave } from './modules/clips/clip-writes';
import { QUEUED_WRITES } from './queued-writes';

const sourceRoot = import.meta.dirname;

/** Each `queuedWrite('name', …)` written in the server's sources, tests aside. */
function queuedWriteNamesInSources(): string[] {
  const files = readdirSync(sourceRoot, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  return files.flatMap((file) =>
    [...readFileSync(join(sourceRoot, file), 'utf8').matchAll(/queuedWrite\(\s*'([^']+)'/g)].map((match) => match[1]!),
  );
}

test('every queued write in the sources is in the list the database worker runs, once', () => {
  const listed = QUEUED_WRITES.map((write) => write.name);
  expect(new Set(listed).size).toBe(listed.length);
  expect([...listed].sort()).toEqual(queuedWriteNamesInSources().sort());
});

/** The npm packages the built file imports, itself and the chunks it imports. */
function packagesImportedBy(folder: string, file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  for (const [, target] of readFileSync(join(folder, file), 'utf8').matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
    if (target!.startsWith('./'))
      for (const name of packagesImportedBy(folder, target!.slice(2), seen)) packages.add(name);
    else packages.add(target!);
  }
  return packages;
}

test("the database's worker loads the tables and the writes without zod and without the shared schemas", () => {
  const packages = packagesImportedBy(serverBuildForThisProcess(), 'pglite-worker.js');
  expect(packages).toContain('drizzle-orm/pglite');
  expect([...packages].filter((name) => name.startsWith('zod'))).toEqual([]);
});

describe("the write queue's batches, run in the embedded database's worker", () => {
  let worker: PgliteWorker;
  const quota = { freeBytes: 1000, paymentsEnabled: false };
  const userId = 'queued-writes-user';
  beforeAll(async () => {
    worker = await startTemplateWorker();
    await worker.query(`insert into users (id, email, name, password_hash) values ($1, $2, 'Ada', 'x')`, [
      userId,
      'ada@example.test',
    ]);
  });
  afterAll(() => worker.close());

  const create = (content: string): { name: string; input: NewTextClip } => ({
    name: 'clips.insert-text',
    input: { userId, content, encrypted: false, quota },
  });
  const save = (clipId: string, content: string, version?: number): { name: string; input: TextSave } => ({
    name: 'clips.save-text',
    input: { userId, clipId, content, version, isEnvelope: false, quota },
  });
  const storedTexts = async () =>
    (await worker.query<{ content: string }>('select content from clips order by content')).rows.map(
      (row) => row.content,
    );

  test('one message runs a create and a save in one transaction and answers their rows, dates as Dates', async () => {
    const [created] = await worker.runWrites([create('first')]);
    expect(created?.isDone).toBe(true);
    const clip = (created as { value: NewClipRow }).value;
    expect(clip).toMatchObject({ userId, content: 'first', ownerName: 'Ada', version: 1 });
    expect(clip.createdAt).toBeInstanceOf(Date);

    const outcomes = await worker.runWrites([save(clip.id, 'first, edited', 1), create('second')]);
    expect(outcomes.map((outcome) => outcome.isDone)).toEqual([true, true]);
    const [saved] = (outcomes[0] as { value: NewClipRow[] }).value;
    expect(saved).toMatchObject({ id: clip.id, content: 'first, edited', version: 2 });
    const second = (outcomes[1] as { value: NewClipRow }).value;
    // Both rows were last written by one transaction.
    const writers = await worker.query<{ xmin: string }>('select xmin::text from clips where id = any($1)', [
      [clip.id, second.id],
    ]);
    expect(new Set(writers.rows.map((row) => row.xmin)).size).toBe(1);
    // A stale version matches nothing: no row, and nothing written.
    expect(await worker.runWrites([save(clip.id, 'stale', 1)])).toEqual([{ isDone: true, value: [] }]);
    expect(await storedTexts()).toEqual(['first, edited', 'second']);
  });

  test('a write over the quota comes back as the AppError it was; the others of its batch commit', async () => {
    const outcomes = await worker.runWrites([create('kept'), create('x'.repeat(quota.freeBytes)), create('also kept')]);
    expect(outcomes.map((outcome) => outcome.isDone)).toEqual([true, false, true]);
    const refused = (outcomes[1] as { error: Error }).error;
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'QUOTA_EXCEEDED', statusCode: 413 });
    expect(refused.message).toMatch(/may take up to 1000 bytes in total/);
    expect(await storedTexts()).toContain('also kept');
    expect(await storedTexts()).not.toContain('x'.repeat(quota.freeBytes));
  });

  test('a write the worker does not know is refused with its name, and the rest of the batch still runs', async () => {
    const outcomes = await worker.runWrites([{ name: 'clips.unknown', input: {} }, create('after the unknown')]);
    expect(outcomes[0]).toMatchObject({ isDone: false, error: { message: expect.stringMatching(/'clips.unknown'/) } });
    expect(outcomes[1]?.isDone).toBe(true);
    expect(await storedTexts()).toContain('after the unknown');
  });
});
