import { connect, type Socket } from 'node:net';

/** A program holding the CLIPBOARD selection with several targets at once, as a password manager does. */
export interface SelectionOwner {
  /** Whether another program has taken the selection since (a later copy). */
  readonly lost: boolean;
  close(): void;
}

const ATOM = 4; // predefined atom of type ATOM
const INPUT_ONLY = 2;
const SELECTION_CLEAR = 29;
const SELECTION_REQUEST = 30;
const SELECTION_NOTIFY = 31;
const pad4 = (length: number) => (length + 3) & ~3;

/**
 * Takes the CLIPBOARD selection of X display `display` (":N", a local Xvfb without access control) and
 * serves `targets` (name → data) plus TARGETS listing them, until closed or another program copies.
 * xclip serves one target per process, answering every target asked with its data; KeePassXC offers the
 * password as text and `x-kde-passwordManagerHint` = `secret` beside it, and that is what this owner does.
 * It speaks the X11 protocol over the display's Unix socket (a few requests of the core protocol), so the
 * tests need no X library: only Xvfb and xclip, as before.
 */
export async function ownClipboard(display: string, targets: Record<string, string>): Promise<SelectionOwner> {
  const socket = connect(`/tmp/.X11-unix/X${display.replace(/^:/, '').split('.')[0]!}`);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const x11 = new X11Connection(socket);
  const { idBase, root } = await x11.setup();

  const names = ['CLIPBOARD', 'TARGETS', ...Object.keys(targets)];
  const atoms = new Map<string, number>();
  for (const name of names) atoms.set(name, await x11.internAtom(name));
  const atomOf = (name: string) => atoms.get(name)!;
  const window = idBase;
  x11.request(1, 0, [u32(window), u32(root), u16(0), u16(0), u16(1), u16(1), u16(0), u16(INPUT_ONLY), u32(0), u32(0)]);
  x11.request(22, 0, [u32(window), u32(atomOf('CLIPBOARD')), u32(0)]); // SetSelectionOwner, CurrentTime
  const owner = await x11.reply(23, 0, [u32(atomOf('CLIPBOARD'))]); // GetSelectionOwner
  if (owner.readUInt32LE(8) !== window) throw new Error(`could not take the CLIPBOARD selection of ${display}`);

  let lost = false;
  x11.onEvent = (event) => {
    if (event[0]! === SELECTION_CLEAR) lost = true;
    if (event[0]! !== SELECTION_REQUEST) return;
    const [time, requestor, selection, target] = [4, 12, 16, 20].map((offset) => event.readUInt32LE(offset));
    const property = event.readUInt32LE(24) || target!;
    const name = [...atoms].find(([, atom]) => atom === target)?.[0];
    if (name === 'TARGETS') {
      const list = Buffer.concat(['TARGETS', ...Object.keys(targets)].map((one) => u32(atomOf(one))));
      x11.changeProperty(requestor!, property, ATOM, 32, list);
    } else if (name !== undefined && name in targets) {
      x11.changeProperty(requestor!, property, target!, 8, Buffer.from(targets[name]!, 'utf8'));
    }
    const answered = name === 'TARGETS' || (name !== undefined && name in targets);
    const notify = Buffer.alloc(32);
    notify[0] = SELECTION_NOTIFY;
    [time!, requestor!, selection!, target!, answered ? property : 0].forEach((value, index) =>
      notify.writeUInt32LE(value, 4 + index * 4),
    );
    x11.request(25, 0, [u32(requestor!), u32(0), notify]); // SendEvent, no propagation, no mask
  };
  return {
    get lost() {
      return lost;
    },
    close: () => socket.destroy(),
  };
}

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};
const u16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16LE(value);
  return bytes;
};

/** The few parts of the X11 wire protocol (little-endian) a selection owner needs. */
class X11Connection {
  onEvent: (event: Buffer) => void = () => {};
  #received = Buffer.alloc(0);
  #setupDone = false;
  #onSetup: ((reply: Buffer) => void) | null = null;
  readonly #replies: Array<{ resolve: (reply: Buffer) => void; reject: (error: Error) => void }> = [];

  constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.#received = Buffer.concat([this.#received, chunk]);
      this.#take();
    });
  }

  /** The connection set-up: the first id this client may use and the first screen's root window. */
  async setup(): Promise<{ idBase: number; root: number }> {
    const reply = await new Promise<Buffer>((resolve) => {
      this.#onSetup = resolve;
      this.socket.write(Buffer.from([0x6c, 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    });
    if (reply[0] !== 1) throw new Error(`the X server refused the connection: ${reply.subarray(8).toString()}`);
    const vendorLength = reply.readUInt16LE(24);
    const formats = reply[29]!;
    return { idBase: reply.readUInt32LE(12), root: reply.readUInt32LE(40 + pad4(vendorLength) + 8 * formats) };
  }

  internAtom(name: string): Promise<number> {
    const bytes = Buffer.from(name, 'latin1');
    const body = [u16(bytes.length), u16(0), Buffer.concat([bytes, Buffer.alloc(pad4(bytes.length) - bytes.length)])];
    return this.reply(16, 0, body).then((reply) => reply.readUInt32LE(8));
  }

  changeProperty(window: number, property: number, type: number, format: 8 | 32, data: Buffer): void {
    const padded = Buffer.concat([data, Buffer.alloc(pad4(data.length) - data.length)]);
    const units = data.length / (format / 8);
    this.request(18, 0, [u32(window), u32(property), u32(type), Buffer.from([format, 0, 0, 0]), u32(units), padded]);
  }

  request(opcode: number, detail: number, body: Buffer[]): void {
    const data = Buffer.concat(body);
    const header = Buffer.from([opcode, detail, 0, 0]);
    header.writeUInt16LE((4 + data.length) / 4, 2);
    this.socket.write(Buffer.concat([header, data]));
  }

  reply(opcode: number, detail: number, body: Buffer[]): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.#replies.push({ resolve, reject });
      this.request(opcode, detail, body);
    });
  }

  /** Splits what arrived into the set-up reply, then 32-byte errors, events and replies (with their extra data). */
  #take(): void {
    for (;;) {
      const data = this.#received;
      if (!this.#setupDone) {
        if (data.length < 8) return;
        const length = 8 + data.readUInt16LE(6) * 4;
        if (data.length < length) return;
        this.#setupDone = true;
        this.#received = data.subarray(length);
        this.#onSetup?.(data.subarray(0, length));
        continue;
      }
      if (data.length < 32) return;
      const length = data[0] === 1 ? 32 + data.readUInt32LE(4) * 4 : 32;
      if (data.length < length) return;
      const message = data.subarray(0, length);
      this.#received = data.subarray(length);
      if (message[0] === 0) {
        // Only requests with replies are waited on; an error to any other fails the next wait, loudly.
        this.#replies.shift()?.reject(new Error(`X11 error ${message[1]!} for request ${message[10]!}`));
      } else if (message[0] === 1) this.#replies.shift()?.resolve(message);
      else this.onEvent(message);
    }
  }
}
