import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * A route's 200 written with JSON.stringify instead of zod's serializer, for the big answers read most
 * (a room's detail, a desktop of 500 blocks). zod's encode walks and copies every object of the answer:
 * ~3 ms of CPU and garbage for a 200-member room. The presenter builds exactly the schema's keys in the
 * schema's order, so the bytes are those zod would write (each route's test compares the body with the
 * schema's own output); TypeScript keeps the shape. Every other status keeps the zod serializer.
 *
 * An answer served again from a cache is the same object: its JSON is encoded once, into the bytes that
 * Fastify then sends as they are (it takes a Buffer from a serializer). Encoding a 200 KB string again on
 * every write, and measuring its UTF-8 length for Content-Length, was a third of a cached answer's CPU.
 */
export function plainJsonFor200(route: { httpStatus?: string }): (data: unknown) => string {
  // Fastify declares a serializer's result a string; a Buffer goes through its send path unchanged.
  if (route.httpStatus === '200') return encodeOnce as unknown as (data: unknown) => string;
  // Fastify's types give a route serializer the route's whole schema; at run time `schema` is the status's
  // response schema, which is what the zod compiler reads.
  return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
}

const encoded = new WeakMap<object, Buffer>();

function encodeOnce(data: unknown): Buffer {
  if (typeof data !== 'object' || data === null) return Buffer.from(JSON.stringify(data));
  let bytes = encoded.get(data);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(data));
    encoded.set(data, bytes);
  }
  return bytes;
}
