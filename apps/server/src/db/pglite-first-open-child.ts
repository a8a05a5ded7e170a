/**
 * The short-lived process of pglite-first-open.ts: initdb and the migrations on an empty directory
 * (argv[2]), a checkpoint, then exit, giving the operating system back the 600–700 MB that PGlite's initdb
 * leaves in its WebAssembly memory. Exits 1 with the error on stderr when anything fails.
 */
import { migratePgliteDatabase } from './migrate';
import { createPglite } from './pglite';

const directory = process.argv[2];
if (!directory) throw new Error('usage: pglite-first-open-child <directory>');
// Orphaned (the server was killed): stop; what it wrote is a staging directory the next start removes.
process.on('disconnect', () => process.exit(1));
const client = await createPglite(directory);
await migratePgliteDatabase(client);
// Everything in the data files, so the server's open replays no WAL.
await client.exec('CHECKPOINT');
await client.close();
process.exit(0);
