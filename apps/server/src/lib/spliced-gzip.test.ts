import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatedPiece, gzipOfPieces, storedPiece } from './spliced-gzip';

describe('gzipOfPieces', () => {
  it('inflates to the pieces end to end, whichever way each was compressed', () => {
    const members = Buffer.from(
      JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ email: `m${i}@example.com` }))),
    );
    const head = Buffer.from('{"name":"Équipe 🙂","members":');
    const tail = Buffer.from(',"content":[]}');
    const shared = deflatedPiece(members);

    const body = gzipOfPieces([storedPiece(head), shared, deflatedPiece(tail, 1)]);

    expect(gunzipSync(body).toString()).toBe(`${head}${members}${tail}`);
    // The shared piece really is compressed: the body is far smaller than the text.
    expect(body.length).toBeLessThan(members.length / 4);
  });

  it('keeps a stored piece longer than one stored block, and random bytes', () => {
    const long = randomBytes(70_000 * 2);
    const random = randomBytes(1_000);

    const body = gzipOfPieces([storedPiece(long), deflatedPiece(random), storedPiece(Buffer.alloc(0))]);

    expect(gunzipSync(body).equals(Buffer.concat([long, random]))).toBe(true);
  });

  it('makes a valid empty member', () => {
    expect(gunzipSync(gzipOfPieces([])).length).toBe(0);
  });

  it('is refused when a piece is altered after its checksum was taken', () => {
    const piece = deflatedPiece(Buffer.from('the shared members'));
    const body = gzipOfPieces([{ bytes: Buffer.from('other bytes entirely'), deflated: piece.deflated }]);

    expect(() => gunzipSync(body)).toThrow();
  });

  it('combines the pieces’ checksums into the whole body’s, however the bytes are cut and reused', () => {
    const bytes = randomBytes(200_000);
    for (const cuts of [[0], [1], [3, 3], [65_535, 65_536, 70_000], [1, 2, 4, 8, 16, 32, 64, 100_000, 199_999]]) {
      const bounds = [0, ...cuts, bytes.length];
      const pieces = bounds.slice(1).map((end, index) => storedPiece(bytes.subarray(bounds[index], end)));

      const body = gzipOfPieces(pieces);

      expect(body.readUInt32LE(body.length - 8)).toBe(crc32(bytes) >>> 0);
    }
    // A shared piece's checksum is taken once and still fits wherever it is spliced.
    const shared = deflatedPiece(Buffer.from('members '.repeat(5_000)));
    for (const head of ['{', '{"room":"Équipe 🙂",', '']) {
      const body = gzipOfPieces([storedPiece(Buffer.from(head)), shared, storedPiece(Buffer.from('}'))]);
      expect(gunzipSync(body).toString()).toBe(`${head}${'members '.repeat(5_000)}}`);
    }
  });
});
