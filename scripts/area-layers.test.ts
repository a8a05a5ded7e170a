import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { circles, relativeImports } from './import-graph';

// File-level circles are caught by import-cycles.test.ts, but areas can still lean on each other in a ring
// (auth → admin → auth through different files), and a low file can name a high one. Both make an area
// impossible to read or change alone. The layers are read from docs/ARCHITECTURE.md's "server layer" table,
// so the page and this check cannot disagree.

const root = resolve(import.meta.dirname, '..');
const SERVER = 'apps/server/src';
const PAGE = 'docs/ARCHITECTURE.md';
const KIT = 'modules/*.ts';

interface Layer {
  name: string;
  /** `dir/` (everything below it), `dir/*.ts` (files directly in it), `dir/*\/` (each subfolder), or a file. */
  patterns: string[];
}

/** The rows of the table whose header starts with `| server layer |`, lowest first. */
function layersOf(page: string): Layer[] {
  const lines = page.split('\n');
  const start = lines.findIndex((line) => line.startsWith('| server layer |'));
  if (start < 0) return [];
  const rows = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [name = '', cell = ''] = line.split('|').slice(1);
    rows.push({ name: name.trim(), patterns: [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!) });
  }
  return rows;
}

/** How closely a pattern names a file (higher wins), or -1 when it does not. */
function specificity(pattern: string, file: string): number {
  if (pattern.endsWith('/*/')) {
    const base = pattern.slice(0, -2);
    return file.startsWith(base) && file.slice(base.length).includes('/') ? base.length : -1;
  }
  if (pattern.endsWith('/*.ts')) {
    const base = pattern.slice(0, -4);
    return file.startsWith(base) && !file.slice(base.length).includes('/') ? base.length + 1 : -1;
  }
  if (pattern.endsWith('/')) return file.startsWith(pattern) ? pattern.length + 1 : -1;
  return file === pattern ? 10_000 : -1;
}

/** The index of the layer that names `file` most closely, or -1. */
function layerOf(layers: Layer[], file: string): number {
  let best = { layer: -1, score: -1 };
  layers.forEach((layer, index) => {
    for (const pattern of layer.patterns) {
      const score = specificity(pattern, file);
      if (score > best.score) best = { layer: index, score };
    }
  });
  return best.layer;
}

/** `modules/<area>` for an area's file, KIT for a file directly in modules/, else undefined. */
function areaOf(file: string): string | undefined {
  const parts = file.split('/');
  if (parts[0] !== 'modules') return undefined;
  return parts.length === 2 ? KIT : `modules/${parts[1]}`;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [path] : [];
  });
}

interface Import {
  /** Both relative to the server's src/. */
  from: string;
  to: string;
  specifier: string;
}

function serverImports(): Import[] {
  const src = join(root, SERVER);
  return sourceFiles(src).flatMap((file) =>
    relativeImports(file).flatMap(({ specifier, target }) =>
      target.startsWith(src) ? [{ from: relative(src, file), to: relative(src, target), specifier }] : [],
    ),
  );
}

/** Each import that points from a lower layer to a higher one, as `file imports 'specifier' (low → high)`. */
function upwardImports(layers: Layer[], imports: Import[]): string[] {
  return imports.flatMap(({ from, to, specifier }) => {
    const [low, high] = [layerOf(layers, from), layerOf(layers, to)];
    if (low < 0 || high <= low) return [];
    return [`${from} imports '${specifier}' (${layers[low]!.name} → ${layers[high]!.name})`];
  });
}

/** The circles among the arrows between areas (an area's own imports are no arrow), each with the files behind it. */
function areaCircles(imports: Import[]): string[] {
  const arrows = new Map<string, Map<string, string[]>>();
  for (const { from, to } of imports) {
    const [a, b] = [areaOf(from), areaOf(to)];
    if (!a || !b || a === b) continue;
    const out = arrows.get(a) ?? new Map<string, string[]>();
    out.set(b, [...(out.get(b) ?? []), from]);
    arrows.set(a, out);
    if (!arrows.has(b)) arrows.set(b, new Map());
  }
  return circles(new Map([...arrows].map(([area, out]) => [area, [...out.keys()]]))).map((group) => {
    const inside = group.flatMap((a) =>
      [...arrows.get(a)!]
        .filter(([b]) => group.includes(b))
        .map(([b, via]) => `${a} → ${b} (${[...new Set(via)].join(', ')})`),
    );
    return `${group.join(', ')}: ${inside.join('; ')}`;
  });
}

const fake = (from: string, to: string): Import => ({ from, to, specifier: to });

describe('the server areas and layers', () => {
  const layers = layersOf(readFileSync(join(root, PAGE), 'utf8'));

  test(`${PAGE} lists the server layers`, () => {
    expect(layers.map((layer) => layer.name).length).toBeGreaterThan(3);
    expect(layers.every((layer) => layer.patterns.length > 0)).toBe(true);
  });

  test('the checks find what they look for', () => {
    expect(areaCircles([fake('modules/a/x.ts', 'modules/b/y.ts'), fake('modules/b/z.ts', 'modules/a/w.ts')])).toEqual([
      'modules/a, modules/b: modules/a → modules/b (modules/a/x.ts); modules/b → modules/a (modules/b/z.ts)',
    ]);
    expect(areaCircles([fake('modules/a/x.ts', 'modules/b/y.ts'), fake('modules/a/x.ts', 'lib/y.ts')])).toEqual([]);
    const twoLayers = [
      { name: 'low', patterns: ['lib/'] },
      { name: 'high', patterns: ['modules/*/', 'lib/cli.ts'] },
    ];
    const imports = [
      fake('lib/a.ts', 'modules/b/c.ts'),
      fake('modules/b/c.ts', 'lib/a.ts'),
      fake('lib/a.ts', 'lib/cli.ts'),
    ];
    expect(upwardImports(twoLayers, imports)).toEqual([
      "lib/a.ts imports 'modules/b/c.ts' (low → high)",
      "lib/a.ts imports 'lib/cli.ts' (low → high)",
    ]);
  });

  test('every server file belongs to a layer', () => {
    const src = join(root, SERVER);
    const unplaced = sourceFiles(src)
      .map((file) => relative(src, file))
      .filter((file) => layerOf(layers, file) < 0);
    expect(unplaced).toEqual([]);
  });

  test('no area leans on another that leans back (the kit counting as one area)', () => {
    expect(areaCircles(serverImports())).toEqual([]);
  });

  test('no import points from a lower layer to a higher one', () => {
    expect(upwardImports(layers, serverImports())).toEqual([]);
  });
});
