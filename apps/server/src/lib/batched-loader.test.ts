import { describe, expect, test } from 'vitest';
import { createBatchedLoader } from './batched-loader';

/** A loader that doubles numbers and records each batch it was asked for. */
function doublingLoader() {
  const batches: number[][] = [];
  const load = createBatchedLoader(async (keys: readonly number[]) => {
    batches.push([...keys]);
    return keys.map((key) => key * 2);
  });
  return { load, batches };
}

describe('createBatchedLoader', () => {
  test('keys asked for in the same turn go out as one batch, each caller getting its own value', async () => {
    const { load, batches } = doublingLoader();
    const values = await Promise.all([load(1), load(2), load(3), load(2)]);
    expect(values).toEqual([2, 4, 6, 4]);
    expect(batches).toEqual([[1, 2, 3, 2]]);
  });

  test('a key asked for after a batch went out starts the next one', async () => {
    const { load, batches } = doublingLoader();
    expect(await load(1)).toBe(2);
    expect(await load(5)).toBe(10);
    expect(batches).toEqual([[1], [5]]);
  });

  test('keys asked for while a batch is being loaded wait for the next batch, not for nothing', async () => {
    let release!: () => void;
    const batches: string[][] = [];
    const load = createBatchedLoader(async (keys: readonly string[]) => {
      batches.push([...keys]);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return keys.map((key) => key.toUpperCase());
    });
    const first = load('a');
    await new Promise((resolve) => setImmediate(resolve));
    const second = load('b');
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([['a'], ['b']]);
    release();
    expect(await Promise.all([first, second])).toEqual(['A', 'B']);
  });

  test('a batch holds at most its maximum of keys; the rest go in the next', async () => {
    const batches: number[][] = [];
    const load = createBatchedLoader(async (keys: readonly number[]) => {
      batches.push([...keys]);
      return keys;
    }, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map(load))).toEqual([1, 2, 3, 4, 5]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  test('a failed load rejects every caller of its batch, and the next batch is unharmed', async () => {
    let fail = true;
    const load = createBatchedLoader(async (keys: readonly number[]) => {
      if (fail) throw new Error('database gone');
      return keys;
    });
    const results = await Promise.allSettled([load(1), load(2)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toEqual(new Error('database gone'));
    fail = false;
    expect(await load(3)).toBe(3);
  });

  test('a load answering the wrong number of values rejects instead of handing out wrong ones', async () => {
    const load = createBatchedLoader(async (keys: readonly number[]) => keys.slice(1));
    await expect(Promise.all([load(1), load(2)])).rejects.toThrow('batched load answered 1 values for 2 keys');
  });
});
