import { constants as zlib, crc32, deflateRawSync } from 'node:zlib';

/**
 * A gzip body assembled from pieces compressed apart. A deflate stream may be cut into pieces that each end
 * on a byte boundary (a sync flush, or a stored block) and are not marked final: a reader inflates them one
 * after the other as one stream. So a piece that many answers share (a 200-member room's members, three
 * quarters of its detail) is compressed once, and each answer compresses only what is its own, where
 * brotli had to compress the whole answer again for every caller (RFC 1951 §3.2.3–4, RFC 1952).
 */
export interface GzipPiece {
  /** The piece's own bytes: the whole answer's CRC-32 is taken over them. */
  bytes: Buffer;
  /** The same bytes as raw deflate blocks, none final, ending on a byte boundary. */
  deflated: Buffer;
}

/**
 * Compressed: at zlib's default level for a piece many answers share (compressed once), at level 1 for a
 * caller's own piece, made for every answer. The window is no larger than the piece: setting up zlib's
 * default 32 KB window and hash took more time than compressing a 9 KB content page (~90 against ~25 µs at
 * level 1 with a 16 KB window, for 2 % more bytes).
 */
export function deflatedPiece(bytes: Buffer, level: number = zlib.Z_DEFAULT_COMPRESSION): GzipPiece {
  const windowBits = Math.min(zlib.Z_MAX_WINDOWBITS, Math.max(9, Math.ceil(Math.log2(bytes.length + 1))));
  return { bytes, deflated: deflateRawSync(bytes, { level, windowBits, finishFlush: zlib.Z_SYNC_FLUSH }) };
}

const STORED_BLOCK_MAX = 0xffff;

/**
 * Left as it is, in stored blocks (5 bytes of framing each): for a few hundred bytes, cheaper than a
 * compressor's set-up and not worth its saving.
 */
export function storedPiece(bytes: Buffer): GzipPiece {
  const blocks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += STORED_BLOCK_MAX) {
    const chunk = bytes.subarray(start, start + STORED_BLOCK_MAX);
    const header = Buffer.alloc(5);
    // BFINAL 0, BTYPE 00 (stored); we start on a byte boundary, so the block's length follows at once.
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return { bytes, deflated: Buffer.concat(blocks) };
}

/** gzip header: no name, no time, OS unknown (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty stored block marked final: ends the deflate stream after the last piece. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** The pieces, in order, as one gzip member whose content is their bytes end to end. */
export function gzipOfPieces(pieces: readonly GzipPiece[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    const check = checkOf(piece);
    crc = (multiplyModPoly(check.shift, crc) ^ check.crc) >>> 0;
    length += piece.bytes.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  // ISIZE is the length modulo 2^32.
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...pieces.map((piece) => piece.deflated), FINAL_BLOCK, trailer]);
}

/**
 * The answer's CRC-32 is combined from its pieces' (zlib's crc32_combine): a piece's own CRC and the
 * operator that shifts a CRC past its length are taken once per piece, so the 30 KB of a 200-member room's
 * members that every answer splices in are not read again for every answer's checksum.
 */
interface PieceCheck {
  crc: number;
  /** x^(8 × length) modulo the CRC polynomial. */
  shift: number;
}

const checks = new WeakMap<GzipPiece, PieceCheck>();

function checkOf(piece: GzipPiece): PieceCheck {
  let check = checks.get(piece);
  if (!check) {
    check = { crc: crc32(piece.bytes) >>> 0, shift: shiftPast(piece.bytes.length) };
    checks.set(piece, check);
  }
  return check;
}

/** CRC-32's polynomial, bit-reflected as the CRC is: its arithmetic is over GF(2), x^0 being the top bit. */
const CRC_POLY = 0xedb88320;
const X_TO_THE_0 = 0x80000000;

/** a × b modulo the polynomial. */
function multiplyModPoly(a: number, b: number): number {
  let product = 0;
  for (let bit = X_TO_THE_0; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= b;
    b = b & 1 ? (b >>> 1) ^ CRC_POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) for k = 0…31: each the square of the one before, from x^1. */
const POWERS_OF_X: number[] = [X_TO_THE_0 >>> 1];
for (let k = 1; k < 32; k++) POWERS_OF_X.push(multiplyModPoly(POWERS_OF_X[k - 1]!, POWERS_OF_X[k - 1]!));

/** x^(8n) modulo the polynomial: what moves a CRC past n more bytes of zeros. */
function shiftPast(byteCount: number): number {
  let operator = X_TO_THE_0;
  // 8n = n × 2^3: square-and-multiply over n's bits, from x^(2^3).
  for (let n = byteCount, k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) operator = multiplyModPoly(POWERS_OF_X[k % 32]!, operator);
  }
  return operator;
}
