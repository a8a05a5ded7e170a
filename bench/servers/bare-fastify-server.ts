/**
 * The floor of paste: a bare Fastify hello-world, `GET /` answering `{ hello: 'world' }`, with the `fastify`
 * ClipSync itself runs on. Fastify's defaults as in its own benchmarks: no logger, no plugins, no hooks, no
 * database, so what remains is HTTP, routing and JSON serialization.
 */
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { serveParent } from './child-protocol';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
await serveParent((app.server.address() as AddressInfo).port, () => app.close());
