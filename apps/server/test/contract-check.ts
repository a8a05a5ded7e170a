import { gunzipSync } from 'node:zlib';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * The contract check of every integration test: each answer the server gives a test is checked against
 * the OpenAPI document the same server publishes (`app.swagger()`): its status must be listed for that
 * operation, and its JSON body must match that status's schema. Each answer is recorded as it is sent and
 * checked by the test's own `afterEach` (contract-check.setup.ts), which fails the test that got a drift;
 * an app's `close()` checks what is left, so a file without the setup cannot pass over one either.
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
  method: string;
  /** Fastify's route URL, `:name` parameters. */
  url: string;
  status: number;
  contentType: string;
  /** A string or a Buffer as onSend saw it, or undefined for a stream. */
  payload: string | Buffer | null | undefined;
  isStream: boolean;
}

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
      const operation = `${answer.method} ${answer.url}`;
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
    const { url, status, isStream } = answer;
    const payload = isStream ? undefined : answer.payload;
    this.document ??= this.app.swagger() as unknown as Document;
    const path = documentPath(url);
    const method = answer.method === 'HEAD' ? 'get' : answer.method.toLowerCase();
    const operation = this.document.paths[path]?.[method];
    // Routes the document hides (its own UI); that every table route is documented is api-route.test.ts's.
    if (!operation) return 'not documented';
    const name = `${answer.method} ${path}`;
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
    const validate = this.validatorOf(`${name} ${status}`, schema);
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
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    // An unmatched URL (404) has no operation; pages and assets are not the API's.
    if (url === undefined || !url.startsWith('/api/')) return payload;
    validator ??= validatorFor(app, routes);
    const isText = typeof payload === 'string' || Buffer.isBuffer(payload) || payload === null || payload === undefined;
    answers.push({
      validator,
      method: request.method,
      url,
      status: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? ''),
      payload: isText ? (payload as string | Buffer | null | undefined) : undefined,
      isStream: !isText,
    });
    return payload;
  });
}
