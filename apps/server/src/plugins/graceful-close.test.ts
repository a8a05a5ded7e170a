import { Agent, get, type IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { registerGracefulClose } from './graceful-close';

/**
 * The plugin on a bare Fastify over real connections (inject has none), with the app's close options and
 * two answers the test controls: one whose headers go out before the close, one given during it.
 */
async function startApp() {
  const app = Fastify({ forceCloseConnections: 'idle' });
  registerGracefulClose(app);
  const stream = new PassThrough();
  let reached!: () => void;
  const isReached = new Promise<void>((resolve) => (reached = resolve));
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  app.get('/stream', (_request, reply) => reply.send(stream));
  app.get('/later', async () => {
    reached();
    await answered;
    return { ok: true };
  });
  let closeStarted!: () => void;
  const isClosing = new Promise<void>((resolve) => (closeStarted = resolve));
  // After the plugin's own preClose hook, so the plugin knows it is closing once this has run.
  app.addHook('preClose', (done) => {
    closeStarted();
    done();
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address, stream, isReached, answer, isClosing };
}

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((agent) => agent.destroy()));

/** A GET on a keep-alive connection, as browsers and proxies send them. */
function keepAliveGet(url: string): Promise<IncomingMessage> {
  const agent = new Agent({ keepAlive: true });
  agents.push(agent);
  return new Promise((resolve, reject) => get(url, { agent }, resolve).once('error', reject));
}

const closeOf = (response: IncomingMessage) =>
  new Promise<void>((resolve) => response.socket.once('close', () => resolve()));

test('an answer given while closing says Connection: close, and its connection ends with it', async () => {
  const { app, address, isReached, answer, isClosing } = await startApp();
  const responded = keepAliveGet(`${address}/later`);
  await isReached;

  const closed = app.close();
  await isClosing;
  answer();
  const response = await responded;
  const connectionClosed = closeOf(response);
  response.resume();

  expect(response.statusCode).toBe(200);
  expect(response.headers.connection).toBe('close');
  await connectionClosed;
  await closed;
});

test('an answer whose headers went out before the close has its connection closed once it ends', async () => {
  const { app, address, stream, isClosing } = await startApp();
  stream.write('first part, ');
  const response = await keepAliveGet(`${address}/stream`);
  expect(response.headers.connection).toBe('keep-alive');
  const connectionClosed = closeOf(response);
  let body = '';
  response.on('data', (chunk: Buffer) => (body += chunk.toString()));

  const closed = app.close();
  await isClosing;
  stream.end('last part');
  // Without the plugin the connection would stay open for the next request and hold the close for
  // keepAliveTimeout (72 s), past the test's timeout.
  await connectionClosed;
  await closed;
  expect(body).toBe('first part, last part');
});
