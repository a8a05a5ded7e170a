import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

export interface ForwardingProxy {
  /** Open pages here to reach the app as a device of the proxy's network. */
  url: string;
  close(): Promise<void>;
}

/**
 * A reverse proxy on loopback in front of the e2e server, telling it the client is at `clientAddress`
 * (X-Forwarded-For; the server trusts 127.0.0.1 as its proxy, playwright.config.ts). Pages opened through
 * it are devices of another network, sockets included: Chromium does not add a context's
 * `extraHTTPHeaders` to a WebSocket handshake, and the app's socket is a WebSocket from the start.
 */
export async function startForwardingProxy(target: string, clientAddress: string): Promise<ForwardingProxy> {
  const port = Number(new URL(target).port);
  // The server listens on 127.0.0.1; `localhost` may resolve to ::1 first.
  const host = '127.0.0.1';
  const forwarded = (headers: IncomingHttpHeaders) => ({ ...headers, 'x-forwarded-for': clientAddress });

  const server = createServer((incoming, outgoing) => {
    const upstream = request(
      { host, port, method: incoming.method, path: incoming.url, headers: forwarded(incoming.headers) },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });

  // Upgraded connections are no longer the HTTP server's: closing waits for them unless they are ended here.
  const tunnels = new Set<{ destroy(): void }>();
  server.on('upgrade', (incoming, client, head: Buffer) => {
    const upstream = connect(port, host, () => {
      const lines = Object.entries(forwarded(incoming.headers)).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((one) => `${name}: ${one}`),
      );
      upstream.write(`${incoming.method} ${incoming.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const closeBoth = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', closeBoth);
    client.on('error', closeBoth);
    const tunnel = { destroy: closeBoth };
    tunnels.add(tunnel);
    client.on('close', () => tunnels.delete(tunnel));
  });

  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port: proxyPort } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${proxyPort}`,
    close: () =>
      new Promise<void>((resolve) => {
        tunnels.forEach((tunnel) => tunnel.destroy());
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
