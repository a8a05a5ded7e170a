import { parseJsonFrame, type JsonFrame } from './json-frame';
import type { NearPort } from './near-port';

/**
 * Files sent straight over a nearness link (docs/features.md#my-devices), one at a time per channel:
 *
 *   sender   {t:'file', id, name, type, size, from}   (again, with the same id, to resume)
 *   receiver {t:'at', id, next}                       the chunk it needs next (0 for a new file)
 *            or {t:'refused', id, reason}             receiving is off, the file is too big, or this page
 *                                                      holds too much already (`off`, `too-large`, `full`);
 *                                                      `off` may also come mid-file, when receiving is turned off
 *   sender   binary frames of FRAME_BYTES at most: chunk index (u32, big-endian), then the chunk
 *   receiver {t:'ack', id, next}                      every ACK_EVERY chunks
 *            {t:'done', id}                           the file is whole
 *
 * A channel that drops loses only what was on the way: the receiver keeps what it has by id for
 * PARTIAL_KEEP_MS, and the sender, on a new channel, offers the same id and continues where it is told.
 */
/** A binary frame: 64 KiB, the largest message every browser's data channel takes (Safari's SCTP limit). */
export const FRAME_BYTES = 64 * 1024;
const CHUNK_HEADER_BYTES = 4;
export const CHUNK_BYTES = FRAME_BYTES - CHUNK_HEADER_BYTES;
/** No acknowledgement for this long while a file is being sent (one comes every ACK_EVERY chunks): stalled. */
export const STALL_MS = 30_000;
/** Above this much waiting in the channel's buffer the sender stops, until it drains to LOW_WATER_BYTES. */
export const HIGH_WATER_BYTES = 1024 * 1024;
export const LOW_WATER_BYTES = 256 * 1024;
export const ACK_EVERY = 16;
export const PARTIAL_KEEP_MS = 5 * 60_000;
/** Kept in memory until saved: far over the server's upload limit, still bounded. */
export const DIRECT_FILE_MAX_BYTES = 512 * 1024 * 1024;
/**
 * What a page holds at most: the files received and not yet saved or dismissed, plus those arriving. A file
 * past it is refused (`full`), and its sender sends it through the server instead.
 */
export const DIRECT_FILES_HELD_MAX_BYTES = 2 * DIRECT_FILE_MAX_BYTES;
/** How long the sender waits for the receiver to take or refuse an offer. */
export const OFFER_REPLY_MS = 10_000;
/** How many times a dropped channel is opened again for one file. */
export const MAX_RESUMES = 3;

/** The receiver refused the file (its receiving is off, or the file is too big): send it another way. */
export class DirectTransferRefusedError extends Error {
  constructor(readonly reason: string) {
    super(`The other device refused the file (${reason})`);
    this.name = 'DirectTransferRefusedError';
  }
}

/** The channel closed before the file was whole; another channel may resume it. */
export class TransferInterruptedError extends Error {
  constructor() {
    super('The direct link dropped during the transfer');
    this.name = 'TransferInterruptedError';
  }
}

export interface OutgoingFile {
  /** The same id on every attempt of one file, so that the receiver resumes rather than starts over. */
  id: string;
  file: File;
  /** This device's name, for the receiver's "… sent you …". */
  from: string;
}

export interface ReceivedFile {
  fromDeviceId: string;
  fromName: string;
  file: File;
}

const chunkCount = (size: number) => Math.ceil(size / CHUNK_BYTES);

function chunkFrame(index: number, bytes: Uint8Array): ArrayBuffer {
  const frame = new Uint8Array(CHUNK_HEADER_BYTES + bytes.byteLength);
  new DataView(frame.buffer).setUint32(0, index);
  frame.set(bytes, CHUNK_HEADER_BYTES);
  return frame.buffer;
}

/** The file is read this many chunks at a time: one read of a Blob costs a task hop, whatever its size. */
const CHUNKS_PER_READ = 16;

/** Resolves once the buffer has drained to the low-water mark (at once when it is below the high one). */
function drained(port: NearPort): Promise<void> {
  if (port.bufferedAmount <= HIGH_WATER_BYTES) return Promise.resolve();
  port.bufferedAmountLowThreshold = LOW_WATER_BYTES;
  return new Promise((resolve) => {
    port.onbufferedamountlow = () => {
      port.onbufferedamountlow = null;
      resolve();
    };
  });
}

/**
 * Sends one file over `port`, from wherever the receiver says it is; `onProgress` gets the acknowledged
 * fraction. Rejects with DirectTransferRefusedError or TransferInterruptedError.
 */
export function sendFileOver(port: NearPort, outgoing: OutgoingFile, onProgress?: (fraction: number) => void) {
  const { id, file } = outgoing;
  const total = chunkCount(file.size);
  return new Promise<void>((resolve, reject) => {
    let isSettled = false;
    let isSending = false;
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    const settle = (finish: () => void) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(replyTimer);
      clearTimeout(stallTimer);
      stopMessages();
      stopClose();
      port.onbufferedamountlow = null;
      finish();
    };
    const replyTimer = setTimeout(
      () => settle(() => reject(new DirectTransferRefusedError('no answer'))),
      OFFER_REPLY_MS,
    );
    // A receiver that stops answering without the link closing: taken as a dropped link (a resume).
    const armStall = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => settle(() => reject(new TransferInterruptedError())), STALL_MS);
    };
    const stopClose = port.onClose(() => settle(() => reject(new TransferInterruptedError())));
    const stopMessages = port.onMessage((data) => {
      const frame = parseJsonFrame(data);
      if (frame?.id !== id) return;
      if (frame.t === 'refused') settle(() => reject(new DirectTransferRefusedError(String(frame.reason))));
      else if (frame.t === 'done') settle(() => (onProgress?.(1), resolve()));
      else if ((frame.t === 'at' || frame.t === 'ack') && typeof frame.next === 'number') {
        armStall();
        onProgress?.(total === 0 ? 1 : Math.min(frame.next / total, 1));
        if (frame.t === 'at') {
          clearTimeout(replyTimer);
          if (!isSending) void sendFrom(frame.next);
        }
      }
    });

    async function sendFrom(first: number) {
      isSending = true;
      try {
        let read = { start: 0, bytes: new Uint8Array(0) };
        for (let index = first; index < total && !isSettled; index++) {
          await drained(port);
          const start = index * CHUNK_BYTES;
          if (start >= read.start + read.bytes.byteLength) {
            const end = Math.min(start + CHUNK_BYTES * CHUNKS_PER_READ, file.size);
            read = { start, bytes: new Uint8Array(await file.slice(start, end).arrayBuffer()) };
          }
          if (isSettled || !port.isOpen) return;
          const offset = start - read.start;
          port.send(chunkFrame(index, read.bytes.subarray(offset, offset + CHUNK_BYTES)));
        }
      } catch {
        settle(() => reject(new TransferInterruptedError()));
      }
    }

    port.send(
      JSON.stringify({ t: 'file', id, name: file.name, type: file.type, size: file.size, from: outgoing.from }),
    );
  });
}

/**
 * Sends `files` one after another over links from `openPort`, opening a new one (at most MAX_RESUMES times
 * per file) when a link drops, each file resuming where its receiver is.
 */
export async function sendFilesDirectly(
  files: readonly OutgoingFile[],
  openPort: () => Promise<NearPort>,
  onProgress?: (file: OutgoingFile, fraction: number) => void,
): Promise<void> {
  let port = await openPort();
  try {
    for (const outgoing of files) {
      for (let resumes = 0; ; resumes++) {
        try {
          await sendFileOver(port, outgoing, (fraction) => onProgress?.(outgoing, fraction));
          break;
        } catch (error) {
          if (!(error instanceof TransferInterruptedError) || resumes >= MAX_RESUMES) throw error;
          port = await openPort();
        }
      }
    }
  } finally {
    port.close();
  }
}

interface PartialFile {
  id: string;
  fromDeviceId: string;
  fromName: string;
  name: string;
  type: string;
  size: number;
  chunks: ArrayBuffer[];
  forget: ReturnType<typeof setTimeout>;
}

interface ReceiverOptions {
  onFile(received: ReceivedFile): void;
  /** The bytes of the files received and still held (not saved or dismissed yet). */
  heldBytes?: () => number;
  keepMs?: number;
}

/**
 * The receiving side of every link this device answers: `serve(port, fromDeviceId)` handles one channel's
 * frames (returns its stop), and what a dropped channel left half done waits here for the resume.
 */
export function createFileReceiver({ onFile, heldBytes = () => 0, keepMs = PARTIAL_KEEP_MS }: ReceiverOptions) {
  // Whether this device takes files now (its receive policy is not `off`).
  let isAccepting = true;
  const partials = new Map<string, PartialFile>();
  const completed = new Set<string>();
  const keyOf = (fromDeviceId: string, id: string) => `${fromDeviceId}:${id}`;

  /** The declared sizes of the files arriving, except `key`'s. */
  const arrivingBytes = (exceptKey: string) => {
    let bytes = 0;
    for (const [key, partial] of partials) if (key !== exceptKey) bytes += partial.size;
    return bytes;
  };
  const drop = (key: string) => {
    clearTimeout(partials.get(key)?.forget);
    partials.delete(key);
  };

  const keep = (key: string, partial: Omit<PartialFile, 'forget'>) => {
    const earlier = partials.get(key);
    if (earlier) clearTimeout(earlier.forget);
    partials.set(key, { ...partial, forget: setTimeout(() => partials.delete(key), keepMs) });
  };

  function offer(port: NearPort, fromDeviceId: string, frame: JsonFrame): string | undefined {
    const { id, name, type, size, from } = frame;
    if (typeof id !== 'string' || typeof name !== 'string' || typeof size !== 'number') return undefined;
    const reply = (answer: object) => port.send(JSON.stringify({ ...answer, id }));
    const key = keyOf(fromDeviceId, id);
    if (completed.has(key)) return void reply({ t: 'done' });
    if (!isAccepting) return void reply({ t: 'refused', reason: 'off' });
    if (size < 0 || size > DIRECT_FILE_MAX_BYTES) return void reply({ t: 'refused', reason: 'too-large' });
    if (heldBytes() + arrivingBytes(key) + size > DIRECT_FILES_HELD_MAX_BYTES) {
      return void reply({ t: 'refused', reason: 'full' });
    }
    const partial = partials.get(key) ?? {
      id,
      fromDeviceId,
      fromName: typeof from === 'string' ? from : '',
      name,
      type: typeof type === 'string' ? type : '',
      size,
      chunks: [],
    };
    keep(key, partial);
    reply({ t: 'at', next: partial.chunks.length });
    // An empty file is whole at once.
    if (size === 0) finish(port, key);
    return key;
  }

  function finish(port: NearPort, key: string) {
    const partial = partials.get(key);
    if (!partial) return;
    drop(key);
    completed.add(key);
    port.send(JSON.stringify({ t: 'done', id: partial.id }));
    const file = new File(partial.chunks, partial.name, { type: partial.type });
    onFile({ fromDeviceId: partial.fromDeviceId, fromName: partial.fromName, file });
  }

  /** Takes one chunk of the file `arriving` on this channel; false when the rest of it is refused. */
  function chunk(port: NearPort, arriving: { key: string; id: string }, data: ArrayBuffer): boolean {
    const { key, id } = arriving;
    // Receiving turned off while a file arrives: the rest is refused as a new file would be, and the part
    // already here is let go (setAccepting let it go already).
    if (!isAccepting) {
      drop(key);
      port.send(JSON.stringify({ t: 'refused', id, reason: 'off' }));
      return false;
    }
    const partial = partials.get(key);
    if (!partial || data.byteLength < CHUNK_HEADER_BYTES) return true;
    const index = new DataView(data).getUint32(0);
    // The channel is ordered: anything but the next chunk is a stale frame of an earlier channel. A chunk
    // longer than a chunk could grow the file past its declared size (and the direct files' bound).
    if (index !== partial.chunks.length || data.byteLength - CHUNK_HEADER_BYTES > CHUNK_BYTES) return true;
    partial.chunks.push(data.slice(CHUNK_HEADER_BYTES));
    const next = partial.chunks.length;
    if (next === chunkCount(partial.size)) {
      finish(port, key);
    } else if (next % ACK_EVERY === 0) {
      // Kept PARTIAL_KEEP_MS from its last progress, not from its offer: a long transfer is not dropped midway.
      keep(key, partial);
      port.send(JSON.stringify({ t: 'ack', id: partial.id, next }));
    }
    return true;
  }

  return {
    setAccepting(accepts: boolean): void {
      isAccepting = accepts;
      // Parts waiting for a resume would be refused when it comes: they are let go now.
      if (!accepts) for (const key of [...partials.keys()]) drop(key);
    },
    serve(port: NearPort, fromDeviceId: string): () => void {
      let current: { key: string; id: string } | undefined;
      return port.onMessage((data) => {
        if (typeof data !== 'string') {
          if (current && !chunk(port, current, data)) current = undefined;
          return;
        }
        const frame = parseJsonFrame(data);
        if (frame?.t !== 'file') return;
        const key = offer(port, fromDeviceId, frame);
        current = key === undefined ? undefined : { key, id: String(frame.id) };
      });
    },
  };
}
