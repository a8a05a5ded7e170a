import { connect } from 'node:net';

// HTTP/1.1 by hand over `node:net`, for what neither `inject` nor Node's own client does: send a whole
// request before reading a byte of the answer.

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
