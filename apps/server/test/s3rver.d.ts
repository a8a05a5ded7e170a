// s3rver ships no types: what the tests use of it (an in-process S3-compatible server, itself a Koa app).
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export interface S3rverContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
    length: number;
    /** A request header. */
    get(field: string): string;
    /** Sets a response header. */
    set(field: string, value: string): void;
    response: { get(field: string): string };
  }

  export type S3rverMiddleware = (context: S3rverContext, next: () => Promise<void>) => Promise<void>;

  export interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    configureBuckets?: Array<{ name: string }>;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list, composed when `run()` starts listening. */
    middleware: S3rverMiddleware[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
