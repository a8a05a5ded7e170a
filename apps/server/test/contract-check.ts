import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { ConnectionError, FastifyInstance } from 'fastify';
import { clientErrorAnswer, errorBody } from '../src/plugins/errors';

/**
 * The contract check of every integration test: each answer the server gives a test is checked against
 * the OpenAPI document the same server publishes (`app.swagger()`): its status must be listed for that
 * operation, and its JSON body must match that status's schema. Each answer is recorded as it is sent and
 * checked by the test's own `afterEach` (contract-check.setup.ts), which fails the test that got a drift;
 * an app's `close()` checks what is left, so a file without the setup cannot pass over one either. What is
 * answered before any route runs is checked too (see AnswerTarget): only a path no operation has (a 404) and
 * what is not the API's (pages, Socket.IO) are not.
 */

export interface ContractDrift {
  operation: string;
  status: number;
  problem: string;
}

interface DocumentedResponse {
  content?: Record<string, { schema?: object }>;
}
interface Operation {
  responses: Record<string, DocumentedResponse>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

/** One answer as the server gave it, checked later: building the document (~1 s) stays out of the test's time. */
interface RecordedAnswer {
  validator: ContractValidator;
  /** Where the answer belongs (see AnswerTarget). */
  target: AnswerTarget;
  status: number;
  contentType: string;
  /** A string or a Buffer as onSend saw it, or undefined for a stream. */
  payload: string | Buffer | null | undefined;
  isStream: boolean;
}

/**
 * The operation an answer belongs to: a routed request's (Fastify's route URL, `:name` parameters); a request
 * the router refused before any route (a path parameter over its bound, 414; a bad `%` escape, 400), by the
 * operation whose path its own path fits, if any; or none yet, for what Node's parser refused before there was a
 * request (431, 408, 400), which any operation may be answered, so every operation must list it.
 */
type AnswerTarget =
  | { kind: 'route'; method: string; url: string }
  | { kind: 'unrouted'; method: string; path: string }
  | { kind: 'before any request' };

const answers: RecordedAnswer[] = [];

/**
 * Checks the answers recorded since the last call: the drifts among them, and how many were checked. The
 * setup's afterEach calls it (a hook's time, not the test's), and so does an app's `close()`.
 */
export function takeContractDrifts(): { drifts: ContractDrift[]; checkedAnswers: number } {
  const drifts: ContractDrift[] = [];
  let checkedAnswers = 0;
  for (const answer of answers.splice(0)) {
    try {
      const result = answer.validator.check(answer);
      if (result === 'not documented') continue;
      checkedAnswers++;
      if (result) drifts.push(result);
    } catch (error) {
      // The check's own failure (a schema Ajv can not compile, a body that is not JSON) is a drift too.
      const operation = nameOf(answer.target);
      drifts.push({ operation, status: answer.status, problem: `could not be checked: ${String(error)}` });
    }
  }
  return { drifts, checkedAnswers };
}

export function describeDrifts(found: ContractDrift[]): string {
  const lines = found.map(({ operation, status, problem }) => `  ${operation} → ${status}: ${problem}`);
  return `The server answered outside its OpenAPI document (fix the document or the server):\n${lines.join('\n')}`;
}

/** OpenAPI writes `:id` as `{id}`. */
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function nameOf(target: AnswerTarget): string {
  if (target.kind === 'route') return `${target.method} ${documentPath(target.url)}`;
  return target.kind === 'unrouted' ? `${target.method} ${target.path}` : 'any operation';
}

/**
 * The document's path a refused request's path fits: each `{name}` one whole non-empty segment, the others
 * equal; of several, the one with the most fixed segments, as the router prefers them.
 */
function documentedPathOf(paths: string[], path: string): string | undefined {
  const segments = path.split('/');
  let best: { path: string; fixed: number } | undefined;
  for (const candidate of paths) {
    const parts = candidate.split('/');
    if (parts.length !== segments.length) continue;
    let fixed = 0;
    const fits = parts.every((part, index) => {
      const isParameter = /^\{[A-Za-z0-9_]+\}$/.test(part);
      if (!isParameter) fixed++;
      return isParameter ? segments[index] !== '' : part === segments[index];
    });
    if (fits && (!best || fixed > best.fixed)) best = { path: candidate, fixed };
  }
  return best?.path;
}

/** A payload as Fastify's onSend sees it: a string or a Buffer (gzip when a route compressed it). */
function jsonOf(payload: string | Buffer): unknown {
  if (typeof payload === 'string') return JSON.parse(payload);
  const isGzip = payload[0] === 0x1f && payload[1] === 0x8b;
  return JSON.parse((isGzip ? gunzipSync(payload) : payload).toString('utf8'));
}

/**
 * One validator per set of routes in this test file's process: the document is a function of the routes'
 * schemas, the same for every app of a file, and building it (~1 s) and compiling its schemas again for
 * each app would cost the whole suite minutes. The first app of a set of routes gives its document.
 */
const validators = new Map<string, ContractValidator>();
function validatorFor(app: FastifyInstance, routes: string[]): ContractValidator {
  const key = [...routes].sort().join('\n');
  let validator = validators.get(key);
  if (!validator) {
    validator = new ContractValidator(app);
    validators.set(key, validator);
  }
  return validator;
}

/** The validators of one app's document, compiled on first use. */
class ContractValidator {
  private readonly ajv = new Ajv({ strict: false, allErrors: false });
  private readonly compiled = new Map<string, ValidateFunction>();
  private document: Document | undefined;

  constructor(private readonly app: FastifyInstance) {
    addFormats.default(this.ajv);
  }

  check(answer: RecordedAnswer): ContractDrift | 'not documented' | undefined {
    this.document ??= this.app.swagger() as unknown as Document;
    const { target } = answer;
    if (target.kind === 'before any request') return this.checkOnEveryOperation(answer);
    const path =
      target.kind === 'route'
        ? documentPath(target.url)
        : documentedPathOf(Object.keys(this.document.paths), target.path);
    const method = target.method === 'HEAD' ? 'get' : target.method.toLowerCase();
    const operation = path === undefined ? undefined : this.document.paths[path]?.[method];
    // Routes the document hides (its own UI), and a refused URL that is no operation's (an unknown path's 404);
    // that every table route is documented is api-route.test.ts's.
    if (!operation || path === undefined) return 'not documented';
    return this.checkOn(`${target.method} ${path}`, operation, answer);
  }

  /** An answer given before there was a request: each operation must list it, with a schema its body fits. */
  private checkOnEveryOperation(answer: RecordedAnswer): ContractDrift | undefined {
    const problems: string[] = [];
    for (const [path, operations] of Object.entries(this.document!.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        // Alike schemas share one validator: compiling each operation's own would cost seconds.
        const drift = this.checkOn(`${method.toUpperCase()} ${path}`, operation, answer, (schema) =>
          JSON.stringify(schema),
        );
        if (drift) problems.push(`${drift.operation}: ${drift.problem}`);
      }
    }
    if (problems.length === 0) return undefined;
    const more = problems.length > 5 ? ` (and ${problems.length - 5} more)` : '';
    return { operation: 'any operation', status: answer.status, problem: `${problems.slice(0, 5).join('; ')}${more}` };
  }

  private checkOn(
    name: string,
    operation: Operation,
    answer: RecordedAnswer,
    keyOf: (schema: object) => string = () => `${name} ${answer.status}`,
  ): ContractDrift | undefined {
    const { status, isStream } = answer;
    const payload = isStream ? undefined : answer.payload;
    const documented = operation.responses[String(status)] ?? operation.responses.default;
    if (!documented) {
      const listed = Object.keys(operation.responses).join(', ');
      return {
        operation: name,
        status,
        problem: `status not documented (listed: ${listed}); body ${preview(answer)}`,
      };
    }
    const isJson = answer.contentType.startsWith('application/json');
    const schema = documented.content?.['application/json']?.schema;
    // Fastify sends no body with a 204 or a 304, whatever the handler gave (`send(null)` serializes "null").
    const hasBody =
      (isStream || (payload !== null && payload !== undefined && payload !== '')) && status !== 204 && status !== 304;
    if (!documented.content && hasBody) {
      return { operation: name, status, problem: `documented without a body, answered ${preview(answer)}` };
    }
    if (!isJson || !hasBody || isStream) return undefined;
    if (!schema) {
      const types = Object.keys(documented.content ?? {}).join(', ');
      return { operation: name, status, problem: `answered JSON where the document says ${types}` };
    }
    const validate = this.validatorOf(keyOf(schema), schema);
    if (validate(jsonOf(payload as string | Buffer))) return undefined;
    const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
    return { operation: name, status, problem: `body does not match: ${errors.join('; ')}; body ${preview(answer)}` };
  }

  private validatorOf(key: string, schema: object): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(asDraft07(schema) as object);
      this.compiled.set(key, validate);
    }
    return validate;
  }
}

/**
 * An OpenAPI 3.0 schema as the JSON Schema draft Ajv reads: its boolean `exclusiveMinimum`/`exclusiveMaximum`
 * (draft 4's) become the bound itself. `nullable` Ajv reads as OpenAPI means it.
 */
function asDraft07(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asDraft07);
  if (typeof node !== 'object' || node === null) return node;
  const schema: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) schema[key] = asDraft07(value);
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[exclusive] !== 'boolean') continue;
    if (schema[exclusive]) schema[exclusive] = schema[bound];
    else delete schema[exclusive];
    if (schema[exclusive] !== undefined) delete schema[bound];
  }
  return schema;
}

function preview({ payload, isStream }: RecordedAnswer): string {
  const text = isStream
    ? '<stream>'
    : typeof payload === 'string'
      ? payload
      : Buffer.isBuffer(payload)
        ? '<bytes>'
        : '';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/**
 * Adds the check to an app before its routes exist (buildApp's `observe`): its hook runs first among the
 * onSend hooks, so it sees the JSON a route's own hook may compress afterwards.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(`${[route.method].flat().join(',')} ${route.url}`);
  });
  let validator: ContractValidator | undefined;
  // Before the app's own handler, which may destroy the connection (clientErrorAnswer reads that).
  app.server.prependListener('clientError', (error: ConnectionError, socket: Socket) => {
    const appError = clientErrorAnswer(error, socket);
    if (!appError) return;
    validator ??= validatorFor(app, routes);
    answers.push({
      validator,
      target: { kind: 'before any request' },
      status: appError.statusCode,
      contentType: 'application/json; charset=utf-8',
      payload: JSON.stringify(errorBody(appError, randomUUID())),
      isStream: false,
    });
  });
  // What the router refuses before any route (frameworkErrors: 414, a bad `%` escape's 400) is sent without the
  // hooks: it is read off the connection's answer, for a request no onSend saw. An injected request never
  // reaches the server's 'request' event; the router's refusals are sent over a real connection in the tests.
  const seenBySend = new WeakSet<IncomingMessage>();
  app.server.prependListener('request', (raw: IncomingMessage, response: ServerResponse) => {
    const path = (raw.url ?? '').split('?')[0]!;
    if (!path.startsWith('/api/')) return;
    let sent: unknown;
    const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
    response.end = ((...args: unknown[]) => {
      if (typeof args[0] === 'string' || Buffer.isBuffer(args[0])) sent = args[0];
      return end(...args);
    }) as ServerResponse['end'];
    response.once('finish', () => {
      if (seenBySend.has(raw)) return;
      validator ??= validatorFor(app, routes);
      answers.push({
        validator,
        target: { kind: 'unrouted', method: raw.method ?? 'GET', path },
        status: response.statusCode,
        contentType: String(response.getHeader('content-type') ?? ''),
        payload: sent as string | Buffer | undefined,
        isStream: false,
      });
    });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    seenBySend.add(request.raw);
    const url = request.routeOptions.url;
    const path = request.url.split('?')[0]!;
    // Pages and assets are not the API's.
    if (!(url ?? path).startsWith('/api/')) return payload;
    validator ??= validatorFor(app, routes);
    const isText = typeof payload === 'string' || Buffer.isBuffer(payload) || payload === null || payload === undefined;
    answers.push({
      validator,
      target:
        url === undefined
          ? { kind: 'unrouted', method: request.method, path }
          : { kind: 'route', method: request.method, url },
      status: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? ''),
      payload: isText ? (payload as string | Buffer | null | undefined) : undefined,
      isStream: !isText,
    });
    return payload;
  });
}
