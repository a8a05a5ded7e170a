import { connect } from 'node:net';

// HTTP/1.1 by hand over `node:net`, for what neither `inject` nor Node's own client does: send a whole
// request before reading a byte of the answer, keep sending after it, or reuse one connection in turn.

const MIB = 1024 * 1024;

export interface WrittenThenRead {
  /** The answer's status line and body, or '' when the connection failed before it could be read. */
  answer: string;
  /** The write's error (ECONNRESET, EPIPE), if the server reset the connection while the body was sent. */
  writeError?: string;
}

/** A request's line and headers, up to the blank line; `host` is added. */
export function requestHead(method: string, path: string, head: Record<string, string>): string {
  const lines = Object.entries({ host: 'localhost', ...head }).map(([name, value]) => `${name}: ${value}\r\n`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('')}\r\n`;
}

/** True once `received` holds a whole answer: its head and as many body bytes as its Content-Length says. */
function isWholeAnswer(received: Buffer): boolean {
  const headEnd = received.indexOf('\r\n\r\n');
  if (headEnd === -1) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(received.subarray(0, headEnd).toString('latin1'))?.[1];
  return length !== undefined && received.length >= headEnd + 4 + Number(length);
}

/**
 * A client that sends its whole request before reading a byte of the answer, as many HTTP clients do
 * (not Node's own, which reads while it writes): what a refusal with unread bytes in flight can break.
 * It keeps its side open, as they do (a half-close would tell Node's server to drop the request).
 */
export function writeThenRead(base: string, method: string, path: string, head: Record<string, string>, body: Buffer) {
  const { hostname, port } = new URL(base);
  return new Promise<WrittenThenRead>((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.pause();
    const chunks: Buffer[] = [];
    let writeError: string | undefined;
    const received = () => Buffer.concat(chunks);
    socket.on('error', (error: NodeJS.ErrnoException) => (writeError ??= error.code));
    socket.on('close', () => resolve({ answer: received().toString('utf8'), writeError }));
    socket.write(requestHead(method, path, head));
    socket.write(body, (error) => {
      if (error) return;
      socket.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        // Only the answer is wanted: once it is whole, the client is done.
        if (isWholeAnswer(received())) socket.destroy();
      });
      socket.resume();
    });
  });
}

/** The same body cut into HTTP/1.1 chunks (no Content-Length), as a streamed body is sent. */
export function chunked(body: Buffer, pieceBytes = MIB): Buffer {
  const pieces: Buffer[] = [];
  for (let start = 0; start < body.length; start += pieceBytes) {
    const piece = body.subarray(start, start + pieceBytes);
    pieces.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
  }
  return Buffer.concat([...pieces, Buffer.from('0\r\n\r\n')]);
}

export interface CutShort {
  /** The answer's head and body, as far as it came. */
  answer: string;
  /** The body bytes the client had written when it stopped: all it declared, unless the server closed first. */
  sentBytes: number;
  /** Whether the server closed the connection (not the client, which gives up a second after sending all). */
  closedByServer: boolean;
}

/**
 * A client that declares a body of `declaredBytes`, sends its first MB, waits for the answer, then keeps
 * sending for as long as the server lets it, as Node's own client does: what it costs the server to answer
 * before reading a body declared far larger than anyone would drain.
 */
export function sendDeclaredBody(
  base: string,
  method: string,
  path: string,
  head: Record<string, string>,
  declaredBytes: number,
): Promise<CutShort> {
  const { hostname, port } = new URL(base);
  return new Promise<CutShort>((resolve) => {
    const socket = connect(Number(port), hostname);
    const piece = Buffer.alloc(MIB, 3);
    const chunks: Buffer[] = [];
    let sentBytes = 0;
    let isClosedByClient = false;
    let isAnswered = false;
    const received = () => Buffer.concat(chunks);
    const closeFromClient = () => {
      isClosedByClient = true;
      socket.destroy();
    };
    const sendRest = (): void => {
      while (sentBytes < declaredBytes && socket.writable) {
        const next = piece.subarray(0, Math.min(MIB, declaredBytes - sentBytes));
        sentBytes += next.length;
        if (!socket.write(next)) return void socket.once('drain', sendRest);
      }
      if (sentBytes === declaredBytes) setTimeout(closeFromClient, 1000);
    };
    socket.on('error', () => undefined);
    socket.on('close', () =>
      resolve({ answer: received().toString('utf8'), sentBytes, closedByServer: !isClosedByClient }),
    );
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (isAnswered || !isWholeAnswer(received())) return;
      isAnswered = true;
      sendRest();
    });
    socket.write(requestHead(method, path, { ...head, 'content-length': String(declaredBytes) }));
    sentBytes = piece.length;
    socket.write(piece);
    // No answer at all is a failure of its own: the test sees an empty answer.
    setTimeout(() => isAnswered || closeFromClient(), 5000).unref();
  });
}

/**
 * Sends `requests` one after another on one connection, each written whole before its answer is read,
 * and gives their answers: whether a refused body leaks into the request after it.
 */
export function exchangeInTurn(base: string, requests: Buffer[]): Promise<string[]> {
  const { hostname, port } = new URL(base);
  return new Promise<string[]>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    socket.pause();
    const answers: string[] = [];
    let chunks: Buffer[] = [];
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`the connection closed after ${answers.length} answers`)));
    const sendNext = () => {
      const next = requests[answers.length];
      if (!next) {
        resolve(answers);
        return void socket.destroy();
      }
      socket.write(next, (error) => {
        if (!error) socket.resume();
      });
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const got = Buffer.concat(chunks);
      if (!isWholeAnswer(got)) return;
      socket.pause();
      answers.push(got.toString('utf8'));
      chunks = [];
      sendNext();
    });
    sendNext();
  });
}

export interface RawExchange {
  status: number;
  headers: string;
  body: string;
}

/**
 * Writes `bytes` as they are, however malformed, and reads everything until the server closes the
 * connection (send `Connection: close` in a well-formed request): what Node's HTTP parser and the router
 * answer to a request they cannot take.
 */
export function exchangeRaw(base: string, bytes: Buffer | string): Promise<RawExchange> {
  const { hostname, port } = new URL(base);
  return new Promise<RawExchange>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may reset the connection once it has answered (it drops what it could not read).
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const headEnd = answer.indexOf('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0),
        headers: answer.slice(0, headEnd),
        body: headEnd === -1 ? '' : answer.slice(headEnd + 4),
      });
    });
    socket.write(bytes);
  });
}
