import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEVICE_ENDPOINTS, ENCRYPTED_FILE_NAME, ENCRYPTED_FILE_TYPE, type Clip } from '@clipsync/shared';
import * as sealing from '@clipsync/shared/crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { Caller } from '../../../test/as';
import { multipartFile, multipartForm } from '../../../test/multipart';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { sealedAccount } from '../../../test/sealed-account';
import { rowsOf } from '../../db/raw-rows';

/*
 * The proof, on the server's side: an account whose clipboard is encrypted end to end creates, edits and
 * sends sealed clips with files, and seals a clip it made before, and then nothing the server keeps (every row of
 * every table, every file of its data folder, every object of its file store) holds the texts or file names it was
 * given sealed. A control account's plain clip is looked for the same way and must be found: a scan that finds
 * nothing proves nothing.
 *
 * Runs on both databases (PGlite on disk here; PostgreSQL in the server-postgres project, whose files are the
 * database server's and only its rows are read) and both file stores (the local folder and S3 through s3rver).
 */

/** Never given to the server in clear: sealed on the device before the first request. */
const NEVER_PLAIN = {
  text: 'sealed-text: the vault combination is 31-47-09',
  editedText: 'sealed-edit: moved the vault key under the blue vase',
  fileName: 'sealed-name-passport-scan.jpg',
  fileBytes: 'sealed-bytes: passport number X9921733 issued in Lisbon',
  sentText: 'sealed-send: the garage code is 5502 until friday',
};
/** Given in clear before the account turned its encryption on, then sealed through POST /clipboard/{id}/seal. */
const SEALED_LATER = {
  text: 'sealed-later: dentist appointment on the 14th at 9:30',
  fileName: 'sealed-later-medical-letter.pdf',
  fileBytes: 'sealed-later-bytes: diagnosis and prescription details',
};
/** A plain account's clip: the scan must find each of these, or it finds nothing at all. */
const CONTROL = {
  text: 'control-text: the bakery opens at seven',
  fileName: 'control-name-bakery-menu.txt',
  fileBytes: 'control-bytes: croissant, baguette, pain au chocolat',
  sentText: 'control-send: bring two loaves',
};

/** A needle and the forms a database may hold it in: as is, lowercased (search copies), and hex (bytea, ::text). */
function formsOf(needle: string): string[] {
  return [needle, needle.toLowerCase(), Buffer.from(needle).toString('hex')];
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Every file under `dir` that holds `needle`'s bytes. */
async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const path of await filesUnder(dir)) {
    if ((await readFile(path)).includes(Buffer.from(needle))) found.push(path);
  }
  return found;
}

/**
 * Every row of every table of the database, each as PostgreSQL writes a row as text (every column, bytea in hex,
 * json as text): what a `pg_dump --data-only` of it holds.
 */
async function dumpOf(testApp: TestApp): Promise<string> {
  const db = testApp.context.db;
  const tables = rowsOf<{ schema: string; name: string }>(
    await db.execute(sql`select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`),
  );
  expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['clips', 'clip_files', 'device_sends']));
  const parts: string[] = [];
  for (const { schema, name } of tables) {
    const quoted = `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;
    const rows = rowsOf<{ row: string }>(await db.execute(sql.raw(`select t::text as "row" from ${quoted} t`)));
    parts.push(`${quoted}\n${rows.map((row) => row.row).join('\n')}`);
  }
  return parts.join('\n');
}

const isPostgres = process.env.TEST_DB === 'postgres';

describe.each(['local', 's3'] as const)(
  'nothing the server keeps holds a sealed clipboard’s plaintext (%s file store)',
  (store) => {
    let testApp: TestApp;
    let dataDir: string;
    let s3: TestS3Server | undefined;
    /** Where the file store keeps its bytes: the data folder's `files`, or s3rver's folder. */
    let storeDir: string;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'clipsync-plaintext-'));
      s3 = store === 's3' ? await startS3Server() : undefined;
      const env = s3?.env ?? {};
      // On PGlite, the database's own files are in the data folder too: the app keeps it there on disk.
      testApp = isPostgres ? await buildTestApp(env) : await buildTestApp(env, { dataDir });
      if (isPostgres) dataDir = testApp.config.dataDir;
      storeDir = s3?.directory ?? join(dataDir, 'files');
    });
    afterAll(async () => {
      await testApp.close();
      await s3?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    const upload = (caller: Caller, clipId: string, name: string, type: string, bytes: Buffer) => {
      const form = multipartFile('file', name, type, bytes);
      return testApp.as(caller).inject('POST', `/api/clipboard/${clipId}/files`, form.payload, form.headers);
    };
    /** The caller's session as a device, and a phone of the account to send to (left offline: its sends wait). */
    const phoneOf = async (owner: Caller) => {
      await testApp.api(owner).call(DEVICE_ENDPOINTS.register, { body: { name: 'Laptop', kind: 'browser' } });
      const phone = { tokens: await testApp.factory.session(owner as never) };
      return (await testApp.api(phone).call(DEVICE_ENDPOINTS.register, { body: { name: 'Phone', kind: 'browser' } }))
        .id;
    };

    test('sealed clips created, edited, sent and sealed later leave no plaintext; the control clip is found', async () => {
      // A plain account: its clip, its file and a text waiting for its phone are kept as given.
      const control = await testApp.factory.user();
      const controlClip = (await testApp.as(control).post('/api/clipboard', { content: CONTROL.text })).json<Clip>();
      const controlFile = await upload(
        control,
        controlClip.id,
        CONTROL.fileName,
        'text/plain',
        Buffer.from(CONTROL.fileBytes),
      );
      expect(controlFile.statusCode).toBe(201);
      const controlPhone = await phoneOf(control);
      expect(
        (await testApp.as(control).post('/api/device-sends', { to: [controlPhone], text: CONTROL.sentText }))
          .statusCode,
      ).toBe(201);

      // The sealed account made one plain clip with a file before turning the encryption on.
      const owner = await testApp.factory.user();
      const later = (await testApp.as(owner).post('/api/clipboard', { content: SEALED_LATER.text })).json<Clip>();
      const laterFile = await upload(
        owner,
        later.id,
        SEALED_LATER.fileName,
        'application/pdf',
        Buffer.from(SEALED_LATER.fileBytes),
      );
      expect(laterFile.statusCode).toBe(201);
      const device = await sealedAccount(testApp, owner);

      // A sealed clip with a sealed file, then its text edited, as a device of the account does it.
      const { clipKey, wrappedKey } = await device.newClipKey();
      const made = await testApp.as(owner).post('/api/clipboard', {
        content: await sealing.encryptText(NEVER_PLAIN.text, clipKey),
        encrypted: true,
        wrappedKey,
      });
      expect(made.statusCode, made.body).toBe(201);
      const sealed = made.json<Clip>();
      const sealedBytes = await device.sealFile(
        clipKey,
        NEVER_PLAIN.fileName,
        'image/jpeg',
        Buffer.from(NEVER_PLAIN.fileBytes),
      );
      expect((await upload(owner, sealed.id, ENCRYPTED_FILE_NAME, ENCRYPTED_FILE_TYPE, sealedBytes)).statusCode).toBe(
        201,
      );
      const edit = await testApp.as(owner).put(`/api/clipboard/${sealed.id}`, {
        content: await sealing.encryptText(NEVER_PLAIN.editedText, clipKey),
      });
      expect(edit.statusCode, edit.body).toBe(200);

      // The clip made before: sealed now through the endpoint, its text and file sent again sealed.
      const current = (await testApp.as(owner).get(`/api/clipboard/${later.id}`)).json<Clip>();
      const laterKey = await device.newClipKey();
      const form = multipartForm(
        {
          wrappedKey: laterKey.wrappedKey,
          content: await sealing.encryptText(current.content, laterKey.clipKey),
          version: String(current.version),
        },
        [
          {
            field: current.files[0]!.id,
            filename: ENCRYPTED_FILE_NAME,
            type: ENCRYPTED_FILE_TYPE,
            content: await device.sealFile(
              laterKey.clipKey,
              SEALED_LATER.fileName,
              'application/pdf',
              Buffer.from(SEALED_LATER.fileBytes),
            ),
          },
        ],
      );
      const sealedLater = await testApp
        .as(owner)
        .inject('POST', `/api/clipboard/${later.id}/seal`, form.payload, form.headers);
      expect(sealedLater.statusCode, sealedLater.body).toBe(200);

      // Sealed text sent to the account's phone, which is offline: it waits in the database.
      const phone = await phoneOf(owner);
      const sendKey = await device.newClipKey();
      const sent = await testApp.as(owner).post('/api/device-sends', {
        to: [phone],
        text: await sealing.encryptText(NEVER_PLAIN.sentText, sendKey.clipKey),
        wrappedKey: sendKey.wrappedKey,
      });
      expect(sent.statusCode, sent.body).toBe(201);

      // What the server keeps, read the three ways: its rows, its data folder, its file store.
      const dump = await dumpOf(testApp);
      if (!isPostgres) await testApp.context.db.execute(sql`checkpoint`);

      // The scan finds what it must: the control's text, name and waiting send in the rows, its bytes in the
      // store, its text in the database's own files (PGlite's, in the data folder).
      for (const needle of [CONTROL.text, CONTROL.fileName, CONTROL.sentText]) expect(dump, needle).toContain(needle);
      expect(await filesHolding(storeDir, CONTROL.fileBytes)).toHaveLength(1);
      if (!isPostgres) expect((await filesHolding(join(dataDir, 'pglite'), CONTROL.text)).length).toBeGreaterThan(0);

      // And nothing of the sealed clipboard: no row, no file of the data folder, no stored object.
      for (const needle of Object.values(NEVER_PLAIN)) {
        for (const form of formsOf(needle)) expect(dump.includes(form), `${needle} in the rows`).toBe(false);
        expect(await filesHolding(dataDir, needle), `${needle} in the data folder`).toEqual([]);
        expect(await filesHolding(storeDir, needle), `${needle} in the file store`).toEqual([]);
      }
      // The clip sealed later: no row and no stored object holds it any more (its old blob is deleted). The
      // database's own files still do, and no seal can change that: the write-ahead log and the dead row
      // versions (pg_wal, base/…: measured here on PGlite, even after VACUUM FULL and a checkpoint) keep what was
      // once written in clear until PostgreSQL reuses the space, as do backups taken before (docs/encryption.md).
      for (const needle of Object.values(SEALED_LATER)) {
        for (const form of formsOf(needle)) expect(dump.includes(form), `${needle} in the rows`).toBe(false);
        expect(await filesHolding(storeDir, needle), `${needle} in the file store`).toEqual([]);
      }
    });
  },
);
