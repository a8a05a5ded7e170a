#!/usr/bin/env node
// `npm start`: build the web app and the server if either has not been built (or its sources are newer than
// its build), then serve SPA + API + sockets from this one process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(`${path}/${name}`)));
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  return Math.max(...sources.filter(existsSync).map(newestMtime)) > statSync(output).mtimeMs;
}

const builds = [
  {
    what: 'the web app',
    workspace: '@clipsync/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'packages/shared/src'],
  },
  {
    what: 'the server',
    workspace: '@clipsync/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'packages/shared/src'],
  },
];

for (const { what, workspace, output, sources } of builds) {
  if (!isStale(output, sources)) continue;
  console.log(`Building ${what}…`);
  // A NODE_ENV left in the shell (e.g. `development`) must not give users React's development build.
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', workspace], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs in this very process (it handles SIGTERM/SIGINT itself): no `npm run` and no child
// process to keep in memory for as long as it runs. Stack traces name the built files' lines (each module's
// code follows a comment naming its source file); `NODE_OPTIONS=--enable-source-maps npm start` maps them to the
// TypeScript sources, for ~15 MB more memory and ~0.15 s more start (docs/decisions/044-memory-at-rest.md).
await import('../apps/server/dist/main.js');
