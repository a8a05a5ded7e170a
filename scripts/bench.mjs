#!/usr/bin/env node
// `npm run bench -- <scenario> [options]`: runs bench/<scenario>.ts under tsx, passing the options on.
// A scenario is a .ts file directly in bench/ (bench/lib and bench/servers hold its helpers).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = fileURLToPath(new URL('../bench/', import.meta.url));
const scenarios = readdirSync(benchDir, { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
  .map((entry) => entry.name.slice(0, -'.ts'.length))
  .sort();

const [name, ...options] = process.argv.slice(2);
if (!name || !scenarios.includes(name)) {
  console.error(name ? `Unknown scenario "${name}".` : 'No scenario given.');
  console.error('Usage: npm run bench -- <scenario> [options]\nScenarios:');
  for (const scenario of scenarios) console.error(`  ${scenario}`);
  process.exit(1);
}

// tsx resolved from here, so the scenario runs the same from any working directory.
const args = ['--import', import.meta.resolve('tsx'), join(benchDir, `${name}.ts`), ...options];
const child = spawn(process.execPath, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
