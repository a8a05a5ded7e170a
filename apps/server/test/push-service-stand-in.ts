import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PushMessage, type PushSubscriptionInput } from '@clipsync/shared';

/**
 * A push service as the tests' subscription endpoints (what FCM, Mozilla's autopush or Apple's service are
 * to a browser): it checks each push's VAPID `Authorization` (RFC 8292) against the server's public key and
 * decrypts its `aes128gcm` body (RFC 8291) with the subscription keys the test made, as a browser would, and
 * records the PushMessage. It answers 201, or what it was told to answer next (410, 429, 500…).
 */

export interface ReceivedPush {
  subscriptionId: string;
  message: PushMessage;
  ttl: number;
  urgency: string | undefined;
}

export interface PushServiceStandIn {
  url: string;
  /** Pushes decrypted and accepted (answered 2xx), in order. */
  received: ReceivedPush[];
  /** Every push request that came, accepted or not (retries too), by subscription. */
  attempts: string[];
  /** A browser's new subscription at this service: its keys are the test's, kept here to decrypt. */
  subscribe(): PushSubscriptionInput & { id: string };
  /** The next pushes are answered with these statuses, in order (then 201 again). */
  answerNext(...statuses: number[]): void;
  /** The server's VAPID public key (base64url): pushes signed with another are refused (and fail the test). */
  trust(publicKey: string): void;
  /** What a push did wrong (a bad JWT, a body that does not decrypt): the tests expect none. */
  problems: string[];
  close(): Promise<void>;
}

interface BrowserKeys {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

const DAY_SECONDS = 24 * 3600;

/** The ES256 JWT of `Authorization: vapid t=<jwt>, k=<key>`, checked as RFC 8292 says a push service does. */
function checkVapid(header: string | undefined, publicKey: string, audience: string): string | undefined {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) return `not a vapid Authorization: ${header}`;
  const [token, key] = [match[1], match[2]];
  if (key !== publicKey) return 'k is not the server public key';
  const [head = '', body = '', signature = ''] = token.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const isSigned = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!isSigned) return 'the JWT is not signed by the server key';
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header_.alg !== 'ES256') return `alg ${header_.alg}`;
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  const now = Date.now() / 1000;
  if (claims.aud !== audience) return `aud ${claims.aud} is not ${audience}`;
  if (!claims.exp || claims.exp < now || claims.exp > now + DAY_SECONDS + 60) return `exp ${claims.exp}`;
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return `sub ${claims.sub}`;
  return undefined;
}

/** RFC 8291 over RFC 8188: one record, the sender's key as its key id, padding delimited by 0x02. */
function decrypt(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const browsers = new Map<string, BrowserKeys>();
  const nextStatuses: number[] = [];
  let trusted: string | undefined;
  const standIn: Omit<PushServiceStandIn, 'url' | 'close'> = {
    received: [],
    attempts: [],
    problems: [],
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(id, { ecdh, auth });
      return {
        id,
        endpoint: `${url}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answerNext: (...statuses) => void nextStatuses.push(...statuses),
    trust: (publicKey) => void (trusted = publicKey),
  };

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    const keys = id ? browsers.get(id) : undefined;
    const body = await bodyOf(request);
    if (!id || !keys || request.method !== 'POST') return void response.writeHead(404).end();
    standIn.attempts.push(id);
    const status = nextStatuses.shift();
    if (status !== undefined) return void response.writeHead(status).end();
    const problem =
      (trusted ? checkVapid(request.headers.authorization, trusted, url) : 'no server key trusted yet') ??
      (request.headers['content-encoding'] === 'aes128gcm' ? undefined : 'not aes128gcm');
    if (problem) {
      standIn.problems.push(problem);
      return void response.writeHead(403).end(problem);
    }
    const message = PushMessage.parse(JSON.parse(decrypt(body, keys)));
    const urgency = request.headers.urgency;
    standIn.received.push({
      subscriptionId: id,
      message,
      ttl: Number(request.headers.ttl),
      urgency: typeof urgency === 'string' ? urgency : undefined,
    });
    response.writeHead(201).end();
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      standIn.problems.push(String(error));
      response.writeHead(400).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...standIn,
    url,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
