import { describe, expect, test, vi } from 'vitest';
import { fakePortPair, type FakePort } from '../../test/fake-near-ports';
import {
  ACK_EVERY,
  CHUNK_BYTES,
  createFileReceiver,
  DIRECT_FILES_HELD_MAX_BYTES,
  DirectTransferRefusedError,
  FRAME_BYTES,
  HIGH_WATER_BYTES,
  sendFileOver,
  sendFilesDirectly,
  STALL_MS,
  TransferInterruptedError,
  type ReceivedFile,
} from './file-transfer';

function randomFile(size: number, name = 'photo.jpg'): File {
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at += 65_536) crypto.getRandomValues(bytes.subarray(at, Math.min(at + 65_536, size)));
  return new File([bytes], name, { type: 'image/jpeg' });
}

/** Byte for byte, compared as one string: a deep equality of megabytes takes seconds. */
const bytesOf = async (file: Blob) => new TextDecoder('latin1').decode(await file.arrayBuffer());
const framesOf = (port: FakePort, type: string) =>
  port.sent.filter((frame) => typeof frame === 'string' && (JSON.parse(frame) as { t: string }).t === type);
const chunksSentBy = (port: FakePort) => port.sent.filter((frame) => typeof frame !== 'string').length;

/** A receiver, and a way to open a new link to it (a fresh pair each time, served by the same receiver). */
function receiverSetup({
  accepts = true,
  keepMs,
  heldBytes,
}: { accepts?: boolean; keepMs?: number; heldBytes?: () => number } = {}) {
  const received: ReceivedFile[] = [];
  const receiver = createFileReceiver({ onFile: (file) => received.push(file), keepMs, heldBytes });
  receiver.setAccepting(accepts);
  const links: Array<[FakePort, FakePort]> = [];
  const open = async () => {
    const pair = fakePortPair();
    receiver.serve(pair[1], 'DEVICE-A');
    links.push(pair);
    return pair[0];
  };
  return { received, open, links, receiver };
}

describe('direct file transfer', () => {
  test('arrives whole, acknowledged every few chunks, never more than ~1 MiB waiting in the buffer', async () => {
    const { received, open, links } = receiverSetup();
    const file = randomFile(40 * CHUNK_BYTES + 123);
    const progress: number[] = [];
    await sendFileOver(await open(), { id: 'T1', file, from: 'Laptop' }, (fraction) => progress.push(fraction));

    expect(received).toHaveLength(1);
    expect(received[0]?.fromName).toBe('Laptop');
    expect(received[0]?.fromDeviceId).toBe('DEVICE-A');
    expect(received[0]?.file.name).toBe('photo.jpg');
    expect(received[0]?.file.type).toBe('image/jpeg');
    expect(await bytesOf(received[0]?.file ?? new Blob())).toEqual(await bytesOf(file));
    const [sender, receiving] = links[0] ?? [];
    expect(sender?.maxBuffered).toBeLessThanOrEqual(HIGH_WATER_BYTES + FRAME_BYTES);
    expect(framesOf(receiving as FakePort, 'ack')).toHaveLength(Math.floor(41 / ACK_EVERY));
    expect(progress.at(-1)).toBe(1);
  });

  test('a link that drops mid-transfer is opened again and the file continues where the receiver is', async () => {
    const { received, open, links } = receiverSetup();
    const file = randomFile(50 * CHUNK_BYTES);
    let chunksSeen = 0;
    const openDropping = async () => {
      const port = await open();
      const receiving = links.at(-1)?.[1];
      // The first link drops once the receiver has 20 chunks.
      if (links.length === 1) {
        receiving?.onMessage((data) => {
          if (typeof data !== 'string' && ++chunksSeen === 20) receiving.close();
        });
      }
      return port;
    };
    await sendFilesDirectly([{ id: 'T2', file, from: 'Laptop' }], openDropping);

    expect(links).toHaveLength(2);
    expect(received).toHaveLength(1);
    expect(await bytesOf(received[0]?.file ?? new Blob())).toEqual(await bytesOf(file));
    // The second link carried only what the receiver did not have, from the point it acknowledged.
    const resumedAt = JSON.parse(String(framesOf(links[1]?.[1] as FakePort, 'at')[0])) as { next: number };
    expect(resumedAt.next).toBe(20);
    expect(chunksSentBy(links[1]?.[0] as FakePort)).toBe(30);
  });

  test('a device whose receiving is off refuses before any byte is sent', async () => {
    const { received, open, links } = receiverSetup({ accepts: false });
    await expect(sendFileOver(await open(), { id: 'T3', file: randomFile(1000), from: 'Laptop' })).rejects.toThrow(
      DirectTransferRefusedError,
    );
    expect(chunksSentBy(links[0]?.[0] as FakePort)).toBe(0);
    expect(received).toHaveLength(0);
  });

  test('receiving turned off mid-file refuses the rest, and what had arrived is let go', async () => {
    const { received, open, links, receiver } = receiverSetup();
    const sending = sendFileOver(await open(), { id: 'T5', file: randomFile(40 * CHUNK_BYTES), from: 'Laptop' });
    let chunksArrived = 0;
    links[0]?.[1].onMessage((data) => {
      if (typeof data !== 'string' && ++chunksArrived === 3) receiver.setAccepting(false);
    });
    await expect(sending).rejects.toMatchObject({ reason: 'off' });
    expect(chunksSentBy(links[0]?.[0] as FakePort)).toBeLessThan(40);
    expect(received).toHaveLength(0);
    // Turned on again, the same file starts over: nothing of the refused one was kept.
    receiver.setAccepting(true);
    await sendFileOver(await open(), { id: 'T5', file: randomFile(4 * CHUNK_BYTES), from: 'Laptop' });
    expect(JSON.parse(String(framesOf(links[1]?.[1] as FakePort, 'at')[0]))).toMatchObject({ next: 0 });
  });

  test('turning receiving off lets go of a part waiting for its resume', async () => {
    const { open, links, receiver } = receiverSetup();
    const file = randomFile(3 * CHUNK_BYTES);
    const first = await open();
    links[0]?.[1].onMessage((data) => typeof data !== 'string' && links[0]?.[1].close());
    await expect(sendFileOver(first, { id: 'T8', file, from: 'Laptop' })).rejects.toThrow('dropped');
    receiver.setAccepting(false);
    receiver.setAccepting(true);
    await sendFileOver(await open(), { id: 'T8', file, from: 'Laptop' });
    expect(JSON.parse(String(framesOf(links[1]?.[1] as FakePort, 'at')[0]))).toMatchObject({ next: 0 });
  });

  test('a page that holds too much refuses a further file (its sender sends it through the server)', async () => {
    const { received, open } = receiverSetup({ heldBytes: () => DIRECT_FILES_HELD_MAX_BYTES - 1500 });
    const refused = sendFileOver(await open(), { id: 'T6', file: randomFile(2000), from: 'Laptop' });
    await expect(refused).rejects.toMatchObject({ reason: 'full' });
    await expect(refused).rejects.toBeInstanceOf(DirectTransferRefusedError);
    await sendFileOver(await open(), { id: 'T7', file: randomFile(1000), from: 'Laptop' });
    expect(received.map((file) => file.file.size)).toEqual([1000]);
  });

  test('a half-received file is kept for a while only; a finished one is not delivered twice', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'], shouldAdvanceTime: true });
    try {
      const { received, open, links } = receiverSetup({ keepMs: 1000 });
      const file = randomFile(3 * CHUNK_BYTES);
      const first = await open();
      links[0]?.[1].onMessage((data) => typeof data !== 'string' && links[0]?.[1].close());
      await expect(sendFileOver(first, { id: 'T4', file, from: 'Laptop' })).rejects.toThrow('dropped');
      vi.advanceTimersByTime(1500);
      await sendFileOver(await open(), { id: 'T4', file, from: 'Laptop' });
      expect(JSON.parse(String(framesOf(links[1]?.[1] as FakePort, 'at')[0]))).toMatchObject({ next: 0 });

      await sendFileOver(await open(), { id: 'T4', file, from: 'Laptop' });
      expect(chunksSentBy(links[2]?.[0] as FakePort)).toBe(0);
      expect(received).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a long transfer keeps its part from its last progress, not from its offer', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const received: ReceivedFile[] = [];
      const receiver = createFileReceiver({ onFile: (file) => received.push(file), keepMs: 1000 });
      const [, receiving] = fakePortPair();
      receiver.serve(receiving, 'DEVICE-A');
      const chunks = 3 * ACK_EVERY;
      const offer = { t: 'file', id: 'T9', name: 'long.bin', type: '', size: chunks * CHUNK_BYTES, from: 'Laptop' };
      receiving.deliver(JSON.stringify(offer));
      for (let index = 0; index < chunks; index++) {
        // 2.4 s in all, more than keepMs, but never 1 s without progress.
        if (index % ACK_EVERY === 0) vi.advanceTimersByTime(800);
        const frame = new Uint8Array(4 + CHUNK_BYTES);
        new DataView(frame.buffer).setUint32(0, index);
        receiving.deliver(frame.buffer);
      }
      expect(received.map((file) => file.file.size)).toEqual([chunks * CHUNK_BYTES]);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a receiver that stops acknowledging without closing the link is a dropped link (the sender resumes)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const [sender, silent] = fakePortPair();
      // Answers the offer, then nothing: no acknowledgement, no close.
      silent.onMessage((data) => {
        if (typeof data === 'string') silent.send(JSON.stringify({ t: 'at', id: 'T10', next: 0 }));
      });
      const sending = sendFileOver(sender, { id: 'T10', file: randomFile(40 * CHUNK_BYTES), from: 'Laptop' });
      const outcome = expect(sending).rejects.toBeInstanceOf(TransferInterruptedError);
      await vi.advanceTimersByTimeAsync(STALL_MS + 1000);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
  });
});
