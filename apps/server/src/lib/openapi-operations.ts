import { API_BASE, API_TABLES, ErrorBody, RAW_UPLOAD_CONTENT_TYPE, type ApiEndpoint } from '@clipsync/shared';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { documentedErrorStatuses } from './common-answers';
import { accessOf } from './route-access';

/** Where a route's entry of the shared table is, to name its operation. */
interface TableEntry {
  /** `clip` for CLIP_ENDPOINTS, `deviceSignIn` for DEVICE_SIGN_IN_ENDPOINTS. */
  area: string;
  name: string;
  endpoint: ApiEndpoint;
}

const camel = (words: string[]) =>
  words.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
const areaOf = (tableName: string) =>
  camel(
    tableName
      .replace(/_ENDPOINTS$/, '')
      .toLowerCase()
      .split('_'),
  );

const byOperation = new Map<string, TableEntry>();
const byPath = new Map<string, TableEntry>();
for (const [tableName, table] of Object.entries(API_TABLES)) {
  for (const [name, endpoint] of Object.entries(table)) {
    const entry = { area: areaOf(tableName), name, endpoint };
    const url = `${API_BASE}${endpoint.path}`;
    byOperation.set(`${endpoint.method} ${url}`, entry);
    if (!byPath.has(url) || endpoint.method !== 'GET') byPath.set(url, entry);
  }
}

/** The table's entry of a served route (Fastify's route URL, `:name` parameters), or undefined. */
export function tableEntryOf(method: string, url: string): { entry: TableEntry; isOwnMethod: boolean } | undefined {
  const own = byOperation.get(`${method.toUpperCase()} ${url}`);
  if (own) return { entry: own, isOwnMethod: true };
  const samePath = byPath.get(url);
  return samePath && { entry: samePath, isOwnMethod: false };
}

/** The words of `removeShare`, for a summary: "Remove share". */
const wordsOf = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
const UPLOAD_TYPES = new Set(['multipart/form-data', RAW_UPLOAD_CONTENT_TYPE]);

type RouteSchema = FastifySchema;
/**
 * The keys routeFrom adds for this file alone (`x-ranges`, `x-upload-fields`, `x-handles-bad-input`), which the
 * operation does not keep.
 */
const ownKeys = (schema: RouteSchema) => schema as Record<string, unknown>;

/**
 * A route's schema (zod) with the answers any request and every route of its kind may give
 * (lib/common-answers.ts), before it becomes JSON Schema; a route lists only the answers of its own rules.
 * `methods` and `url` are the route's, `rateLimit` its `config.rateLimit` (false: outside the global limit).
 */
export function withCommonAnswers(
  schema: RouteSchema,
  { methods, url, rateLimit }: { methods: string[]; url: string; rateLimit: unknown },
): RouteSchema {
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
  const add = (status: number) => {
    response[status] ??= ErrorBody;
  };
  const route = {
    methods,
    url,
    validatesInput:
      !ownKeys(schema)['x-handles-bad-input'] &&
      Boolean(schema.querystring ?? schema.params ?? schema.body ?? schema.headers),
    access: accessOf(schema.security),
  };
  documentedErrorStatuses(route, rateLimit).forEach(add);
  // A public route says so (no requirement), rather than saying nothing, which reads as "not stated".
  return { ...schema, response, security: schema.security ?? [] };
}

const binary = { type: 'string', format: 'binary' };

/**
 * The answers and bodies JSON can not say, once the route's schema is JSON Schema: a 204 has no body, a
 * redirect only its `Location`, a file download its bytes (206 for a part where the route reads `Range`),
 * and an upload takes a multipart form with the field `file` (and the route's other fields) or the raw bytes.
 */
export function withNonJsonShapes(
  schema: RouteSchema,
  entry: ApiEndpoint | undefined,
  method: string,
  openApiTarget: 'openapi-3.0' | 'draft-2020-12',
): RouteSchema {
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
  const { 'x-ranges': ranges, 'x-upload-fields': fields, 'x-handles-bad-input': _handled, ...rest } = ownKeys(schema);
  const result: RouteSchema = { ...rest, response };
  if (response[204]) response[204] = { type: 'null', description: 'No Content' };
  if (entry && entry.response === undefined && entry.method === method) {
    const status = entry.status ?? 200;
    if (status === 303) {
      response[303] = { type: 'null', description: 'See Other', headers: { Location: { type: 'string' } } };
    } else {
      const file = { description: 'The file', content: { '*/*': { schema: binary } } };
      response[status] = file;
      if (ranges) response[206] = { ...file, description: 'The part of the file asked in `Range`' };
    }
  }
  const consumes = schema.consumes?.filter((type) => UPLOAD_TYPES.has(type));
  if (consumes?.length && !schema.body) {
    const formFields: { properties?: object; required?: string[]; additionalProperties?: unknown } =
      fields instanceof z.ZodObject ? z.toJSONSchema(fields, { target: openApiTarget, io: 'input' }) : {};
    const content: Record<string, { schema: unknown }> = {};
    if (consumes.includes('multipart/form-data')) {
      // A form whose fields say what else it takes (a catchall: one file part per stored file, named by its
      // id, as sealing a clip sends) has no single `file`; every other upload form has exactly one.
      const isManyFiles = formFields.additionalProperties !== undefined;
      content['multipart/form-data'] = {
        schema: isManyFiles
          ? {
              type: 'object',
              properties: formFields.properties,
              required: formFields.required,
              additionalProperties: binary,
            }
          : {
              type: 'object',
              properties: { ...formFields.properties, file: binary },
              required: [...(formFields.required ?? []), 'file'],
            },
      };
    }
    if (consumes.includes(RAW_UPLOAD_CONTENT_TYPE)) content[RAW_UPLOAD_CONTENT_TYPE] = { schema: binary };
    result.body = { content };
  }
  return result;
}

interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, unknown> };
  [key: string]: unknown;
}

/**
 * Per operation of the finished document: its id and a default summary from its table entry's name (a
 * second method on an entry's path is the multipart form beside a raw upload), and an upload's body split
 * by method, the raw `PUT` with its `X-File-Name` and `X-File-Type` headers.
 */
export function nameAndSplitOperations(paths: Record<string, Record<string, Operation>>): void {
  for (const [path, operations] of Object.entries(paths)) {
    const url = path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(operations)) {
      const found = tableEntryOf(method, url);
      const content = operation.requestBody?.content;
      if (content?.['multipart/form-data'] && content[RAW_UPLOAD_CONTENT_TYPE]) {
        const kept = method === 'put' ? RAW_UPLOAD_CONTENT_TYPE : 'multipart/form-data';
        operations[method] = {
          ...operation,
          requestBody: { ...operation.requestBody, content: { [kept]: content[kept] } },
        };
      }
      const named = operations[method] as Operation;
      if (named.requestBody?.content[RAW_UPLOAD_CONTENT_TYPE])
        named.parameters = [...(named.parameters ?? []), ...rawUploadHeaders];
      if (!found) continue;
      const { entry, isOwnMethod } = found;
      const suffix = isOwnMethod ? '' : named.requestBody?.content['multipart/form-data'] ? ' multipart' : ` ${method}`;
      named.operationId ??= camel([entry.area, ...wordsOf(entry.name + suffix).split(' ')]);
      named.summary ??= `${capitalize(wordsOf(entry.name))}${suffix} (${wordsOf(entry.area)})`;
    }
  }
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const rawUploadHeaders = [
  {
    in: 'header',
    name: 'X-File-Name',
    required: true,
    description: 'The file’s name, percent-encoded UTF-8 (as encodeURIComponent writes it)',
    schema: { type: 'string', minLength: 1 },
  },
  {
    in: 'header',
    name: 'X-File-Type',
    required: false,
    description: 'The file’s own media type; bytes when absent or not `type/subtype`',
    schema: { type: 'string' },
  },
];

/**
 * OpenAPI 3.0 checks `enum` before `nullable`: a nullable enum must list `null` among its values, or a
 * validator refuses the null the server sends (zod writes the enum without it).
 */
export function listNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(listNullInNullableEnums);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...(schema.enum as unknown[]), null];
  }
  Object.values(schema).forEach(listNullInNullableEnums);
}
