import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * What the repository's structure checks (import-cycles.test.ts, area-layers.test.ts) read: a source file's
 * relative imports, and the circles in a graph of them.
 */

// `import … from`, `import type … from`, `export … from`, `import('…')` and bare `import '…'`, types included:
// a type names the other file's words as much as a value does.
const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]*)['"]/g;

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => /\.tsx?$/.test(path) && existsSync(path) && statSync(path).isFile());
}

/** Each relative import of `file` that names a source file: as written, and the file it resolves to. */
export function relativeImports(file: string): Array<{ specifier: string; target: string }> {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap((match) => {
    const target = resolveImport(file, match[1]!);
    return target ? [{ specifier: match[1]!, target }] : [];
  });
}

/** Tarjan's strongly connected components: every group of two or more nodes (or one pointing at itself) is a circle. */
export function circles(graph: Map<string, Iterable<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    const targets = [...(graph.get(node) ?? [])];
    for (const target of targets) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || targets.includes(node)) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}
