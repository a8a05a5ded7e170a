import { createServer, request as forward, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/** Which node a request or websocket goes to: the tests choose, as a sticky proxy would for a client. */
export const NODE_HEADER = 'x-test-node';

export interface NodeProxy {
  url: string;
  close(): Promise<void>;
}

/** The caller's address appended to what earlier proxies said, as nginx's `$proxy_add_x_forwarded_for`. */
function forwardedFor(request: IncomingMessage): string {
  const earlier = request.headers['x-forwarded-for'];
  const caller = request.socket.remoteAddress ?? '';
  return earlier ? `${String(earlier)}, ${caller}` : caller;
}

function upstreamOf(nodes: Record<string, URL>, headers: IncomingHttpHeaders): URL | undefined {
  const name = headers[NODE_HEADER];
  return typeof name === 'string' ? nodes[name] : undefined;
}

/**
 * The proxy in front of a scale-out deployment, small enough for tests: each request and each websocket
 * upgrade goes to the node named by the `x-test-node` header, with X-Forwarded-For added, so the nodes
 * (TRUST_PROXY=127.0.0.1) see clients as they would behind nginx.
 */
export async function startNodeProxy(nodeUrls: Record<string, string>): Promise<NodeProxy> {
  const nodes = Object.fromEntries(Object.entries(nodeUrls).map(([name, url]) => [name, new URL(url)]));
  const open = new Set<Socket>();
  const server = createServer((request, response) => {
    const upstream = upstreamOf(nodes, request.headers);
    if (!upstream) {
      response.writeHead(502).end(`no node named in ${NODE_HEADER}`);
      return;
    }
    const outgoing = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, 'x-forwarded-for': forwardedFor(request) },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on('error', () => response.destroy());
    request.pipe(outgoing);
  });
  server.on('connection', (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  server.on('upgrade', (request: IncomingMessage, client: Socket, head: Buffer) => {
    const upstream = upstreamOf(nodes, request.headers);
    if (!upstream) return client.destroy();
    const node = connect(Number(upstream.port), upstream.hostname, () => {
      const headers = { ...request.headers, 'x-forwarded-for': forwardedFor(request) };
      const lines = Object.entries(headers).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((one) => `${name}: ${one ?? ''}`),
      );
      node.write(`${request.method} ${request.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      node.write(head);
      client.pipe(node).pipe(client);
    });
    open.add(node);
    node.on('close', () => open.delete(node));
    node.on('error', () => client.destroy());
    client.on('error', () => node.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
