import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
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
});
