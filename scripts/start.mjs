#!/usr/bin/env node
// `npm start`: build the web app if it has not been built (or its sources are newer than the build), then
// serve SPA + API + sockets from one process. Signals pass straight to the server for a graceful stop.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const webDir = 'apps/web';
const builtIndex = join(webDir, 'dist/index.html');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function isWebBuildStale() {
  if (!existsSync(builtIndex)) return true;
  const sources = [join(webDir, 'src'), join(webDir, 'index.html'), 'packages/shared/src'];
  return Math.max(...sources.filter(existsSync).map(newestMtime)) > statSync(builtIndex).mtimeMs;
}

if (isWebBuildStale()) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn('npm', ['run', 'start', '--silent', '-w', '@clipsync/server'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
