import { get } from 'node:http';
import { createInterface } from 'node:readline';
import type { ServerToClientEvents } from '@clipsync/shared';
import { connectSocket, nextEvent, type TestSocket } from './socket-client';

/**
 * The devices of one test network. A Node process cannot move a socket into another network namespace, so
 * test/lan-namespaces.ts starts this file inside one (`ip netns exec <namespace> node …`): every socket and
 * request it opens leaves from that network's address. It reads one command a line on stdin and writes one
 * answer a line on stdout, both JSON, and ends when stdin closes.
 */
export type ClientCommand =
  /** Opens a Socket.IO connection; answers its index, the `socket` of later commands. */
  | { op: 'connect'; baseUrl: string; query: Record<string, string> }
  /** Emits an event; answers the server's acknowledgement. */
  | { op: 'emit'; socket: number; event: string; payload: unknown }
  /** Emits an event; answers the payload of the next `reply` event the server sends that socket. */
  | { op: 'ask'; socket: number; event: string; payload: unknown; reply: string }
  /** A plain HTTP GET; answers its status, its body and the address it left from. */
  | { op: 'get'; url: string };

export type ClientAnswer = { id: number; result: unknown } | { id: number; error: string };

export interface GetAnswer {
  status: number;
  body: string;
  localAddress: string | undefined;
}

const sockets: TestSocket[] = [];

function socketAt(index: number): TestSocket {
  const socket = sockets[index];
  if (!socket) throw new Error(`no socket ${index}`);
  return socket;
}

const emitAck = (socket: TestSocket, event: string, payload: unknown) =>
  new Promise<unknown>((resolve) => (socket.emit as (...args: unknown[]) => void)(event, payload, resolve));

function httpGet(url: string): Promise<GetAnswer> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body, localAddress: response.socket.localAddress }),
      );
    });
    request.on('error', reject);
  });
}

async function run(command: ClientCommand): Promise<unknown> {
  switch (command.op) {
    case 'connect':
      return sockets.push(await connectSocket(command.baseUrl, { query: command.query })) - 1;
    case 'emit':
      return emitAck(socketAt(command.socket), command.event, command.payload);
    case 'ask': {
      const socket = socketAt(command.socket);
      const reply = nextEvent(socket, command.reply as keyof ServerToClientEvents);
      (socket.emit as (...args: unknown[]) => void)(command.event, command.payload);
      return reply;
    }
    case 'get':
      return httpGet(command.url);
  }
}

const answer = (line: ClientAnswer) => process.stdout.write(`${JSON.stringify(line)}\n`);

createInterface({ input: process.stdin })
  .on('line', (line) => {
    const { id, ...command } = JSON.parse(line) as ClientCommand & { id: number };
    run(command as ClientCommand).then(
      (result) => answer({ id, result }),
      (error: unknown) => answer({ id, error: error instanceof Error ? error.message : String(error) }),
    );
  })
  .on('close', () => {
    sockets.forEach((socket) => socket.close());
    process.exit(0);
  });
