/** The floor: plain node:http plus Socket.IO, websocket only, no middleware, no app. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { serveParent } from './child-protocol';

const httpServer = createServer();
const io = new Server(httpServer, { transports: ['websocket'] });
httpServer.listen(0, '127.0.0.1', () => {
  const { port } = httpServer.address() as AddressInfo;
  void serveParent(port, async () => {
    io.local.disconnectSockets(true);
    await io.close();
  });
});
