import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A browser scenario's page script: `entry` (JavaScript importing the repository's modules by paths from its
 * root) bundled as one minified script for Chromium, so the page runs the web app's own code.
 */
export async function bundlePageScript(entry: string, sourcefile: string): Promise<string> {
  const bundle = await build({
    stdin: { contents: entry, resolveDir: repoRoot, loader: 'js', sourcefile },
    bundle: true,
    format: 'iife',
    target: 'chrome120',
    minify: true,
    write: false,
    logLevel: 'warning',
  });
  return bundle.outputFiles[0]!.text;
}
