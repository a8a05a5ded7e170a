/**
 * The floor of clip-fanout: plain node:http plus Socket.IO (websocket only) speaking the same protocol as
 * ClipSync for this one path, so the scenario drives both with the same client code: `clip:join {clipId}`
 * (acked) joins room `clip:<id>`, and `PUT /api/clipboard/<id>` with `{ content }` broadcasts
 * `clip-content-updated` to it. No auth, no database, no validation: what remains is HTTP + the broadcast.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { serveParent } from './child-protocol';

const SAVE_PATH = /^\/api\/clipboard\/([A-Za-z0-9_-]+)$/;

const httpServer = createServer((request, response) => {
  const clipId = request.method === 'PUT' ? SAVE_PATH.exec(request.url ?? '')?.[1] : undefined;
  if (!clipId) {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const { content } = JSON.parse(Buffer.concat(chunks).toString()) as { content: string };
    io.to(`clip:${clipId}`).emit('clip-content-updated', { clipId, content });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
const io = new Server(httpServer, { transports: ['websocket'] });
io.on('connection', (socket) => {
  socket.on('clip:join', async ({ clipId }: { clipId: string }, ack: (result: { ok: true }) => void) => {
    await socket.join(`clip:${clipId}`);
    ack({ ok: true });
  });
});
httpServer.listen(0, '127.0.0.1', () => {
  const { port } = httpServer.address() as AddressInfo;
  void serveParent(port, async () => {
    io.local.disconnectSockets(true);
    await io.close();
  });
});
