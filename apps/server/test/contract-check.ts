import { gunzipSync } from 'node:zlib';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The contract check of every integration test: each answer the server gives a test is checked against
 * the OpenAPI document the same server publishes (`app.swagger()`): its status must be listed for that
 * operation, and its JSON body must match that status's schema. A mismatch is a drift, kept here until
 * the test's own `afterEach` (contract-check.setup.ts) fails the test that got it; an app's `close()`
 * fails on drifts nobody took, so a file without the setup cannot pass over one either.
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

const drifts: ContractDrift[] = [];
let checkedAnswers = 0;

/** The drifts seen since the last call, and how many answers were checked: the setup's afterEach reads it. */
export function takeContractDrifts(): { drifts: ContractDrift[]; checkedAnswers: number } {
  const taken = { drifts: drifts.splice(0), checkedAnswers };
  checkedAnswers = 0;
  return taken;
}

export function describeDrifts(found: ContractDrift[]): string {
  const lines = found.map(({ operation, status, problem }) => `  ${operation} → ${status}: ${problem}`);
  return `The server answered outside its OpenAPI document (fix the document or the server):\n${lines.join('\n')}`;
}

/** OpenAPI writes `:id` as `{id}`. */
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** A payload as Fastify's onSend sees it: a string or a Buffer (gzip when a route compressed it), or a stream. */
function jsonOf(payload: unknown): { value?: unknown; unreadable?: boolean } {
  if (typeof payload === 'string') return { value: JSON.parse(payload) };
  if (Buffer.isBuffer(payload)) {
    const isGzip = payload[0] === 0x1f && payload[1] === 0x8b;
    return { value: JSON.parse((isGzip ? gunzipSync(payload) : payload).toString('utf8')) };
  }
  return { unreadable: true };
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

  check(request: FastifyRequest, reply: FastifyReply, payload: unknown): ContractDrift | undefined {
    const url = request.routeOptions.url;
    if (url === undefined || !url.startsWith('/api/')) return undefined;
    this.document ??= this.app.swagger() as unknown as Document;
    const path = documentPath(url);
    const method = request.method === 'HEAD' ? 'get' : request.method.toLowerCase();
    const operation = this.document.paths[path]?.[method];
    // Routes the document hides (its own UI); that every table route is documented is api-route.test.ts's.
    if (!operation) return undefined;
    checkedAnswers++;
    const status = reply.statusCode;
    const name = `${request.method} ${path}`;
    const documented = operation.responses[String(status)] ?? operation.responses.default;
    if (!documented) {
      const listed = Object.keys(operation.responses).join(', ');
      return {
        operation: name,
        status,
        problem: `status not documented (listed: ${listed}); body ${preview(payload)}`,
      };
    }
    const isJson = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    const schema = documented.content?.['application/json']?.schema;
    // Fastify sends no body with a 204 or a 304, whatever the handler gave (`send(null)` serializes "null").
    const hasBody = payload !== null && payload !== undefined && payload !== '' && status !== 204 && status !== 304;
    if (!documented.content && hasBody) {
      return { operation: name, status, problem: `documented without a body, answered ${preview(payload)}` };
    }
    if (!isJson || !hasBody) return undefined;
    if (!schema) {
      const types = Object.keys(documented.content ?? {}).join(', ');
      return { operation: name, status, problem: `answered JSON where the document says ${types}` };
    }
    const body = jsonOf(payload);
    if (body.unreadable) return undefined;
    const validate = this.validatorOf(`${name} ${status}`, schema);
    if (validate(body.value)) return undefined;
    const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
    return { operation: name, status, problem: `body does not match: ${errors.join('; ')}; body ${preview(payload)}` };
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

function preview(payload: unknown): string {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? '<bytes>' : '<stream>';
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
    validator ??= validatorFor(app, routes);
    try {
      const drift = validator.check(request, reply, payload);
      if (drift) drifts.push(drift);
    } catch (error) {
      // The check's own failure (a schema Ajv can not compile, a body that is not JSON) fails the test too,
      // and leaves the answer as the server gave it.
      const operation = `${request.method} ${request.routeOptions.url ?? request.url}`;
      drifts.push({ operation, status: reply.statusCode, problem: `could not be checked: ${String(error)}` });
    }
    return payload;
  });
}
