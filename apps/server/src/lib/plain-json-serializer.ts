import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * A route's 200 written with JSON.stringify instead of zod's serializer, for the big answers read most
 * (a room's detail, a desktop of 500 blocks). zod's encode walks and copies every object of the answer:
 * ~3 ms of CPU and garbage for a 200-member room. The presenter builds exactly the schema's keys in the
 * schema's order, so the bytes are those zod would write (each route's test compares the body with the
 * schema's own output); TypeScript keeps the shape. Every other status keeps the zod serializer.
 *
 * An answer served again from a cache is the same object: its JSON is written once and kept beside it.
 */
export function plainJsonFor200(route: { httpStatus?: string }): (data: unknown) => string {
  if (route.httpStatus === '200') return stringifyOnce;
  // Fastify's types give a route serializer the route's whole schema; at run time `schema` is the status's
  // response schema, which is what the zod compiler reads.
  return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
}

const written = new WeakMap<object, string>();

function stringifyOnce(data: unknown): string {
  if (typeof data !== 'object' || data === null) return JSON.stringify(data);
  let json = written.get(data);
  if (json === undefined) {
    json = JSON.stringify(data);
    written.set(data, json);
  }
  return json;
}
