import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The service worker's bundle keeps out what would make a phone download zod's classic API and every schema
 * (~110 KB gzip against a 30 KB budget; bench/service-worker.ts measures the built file): an import of the
 * shared package's main entry from anything the worker loads, or of `zod` rather than `zod/mini`.
 */
const repoRoot = join(import.meta.dirname, '..');

async function workerInputs(entry: string): Promise<string[]> {
  const bundled = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    write: false,
    metafile: true,
    logLevel: 'silent',
    define: { __SW_VERSION__: '""', __SW_PRECACHE__: '[]' },
  });
  return Object.keys(bundled.metafile.inputs);
}

const heavy = (inputs: string[]) =>
  inputs.filter((input) => input.includes('zod/v4/classic/') || input.endsWith('packages/shared/src/index.ts'));

describe('the service worker bundle', () => {
  it('has neither the shared package main entry nor zod classic API in it', async () => {
    const inputs = await workerInputs(join(repoRoot, 'apps/web/src/pwa/sw.ts'));
    expect(inputs.some((input) => input.includes('zod/v4/mini/'))).toBe(true);
    expect(heavy(inputs)).toEqual([]);
  });

  it('would name the shared package main entry if a worker module imported it', async () => {
    // The check's own proof: a module importing the main entry, bundled the same way, is caught.
    const inputs = await workerInputs(join(repoRoot, 'apps/web/src/pwa/not-received.ts'));
    expect(heavy(inputs)).toContain('packages/shared/src/index.ts');
  });
});
