/**
 * The floor of clip-fanout and rooms: plain node:http plus Socket.IO (websocket only) speaking the same
 * protocol as ClipSync for these paths, so a scenario drives both with the same client code:
 * - `clip:join {clipId}` (acked) joins room `clip:<id>`, and `PUT /api/clipboard/<id>` with `{ content }`
 *   broadcasts `clip-content-updated` to it;
 * - `room:join {roomId}` (acked) joins room `room:<id>`, and `POST /api/rooms/<id>/content` broadcasts
 *   `room:changed {roomId, type: 'content_add', actorId, contentId}` to it and answers 201 `{ id }`.
 * No auth, no database, no validation: what remains is HTTP + the broadcast.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { serveParent } from './child-protocol';

const SAVE_PATH = /^\/api\/clipboard\/([A-Za-z0-9_-]+)$/;
const ROOM_CONTENT_PATH = /^\/api\/rooms\/([A-Za-z0-9_-]+)\/content$/;

const httpServer = createServer((request, response) => {
  const roomId = request.method === 'POST' ? ROOM_CONTENT_PATH.exec(request.url ?? '')?.[1] : undefined;
  if (roomId) {
    request.resume();
    request.on('end', () => {
      const contentId = randomBytes(16).toString('base64url');
      io.to(`room:${roomId}`).emit('room:changed', { roomId, type: 'content_add', actorId: 'bare', contentId });
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: contentId }));
    });
    return;
  }
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
  socket.on('room:join', async ({ roomId }: { roomId: string }, ack: (result: { ok: true }) => void) => {
    await socket.join(`room:${roomId}`);
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
