// Node has WebAssembly as a global, but TypeScript declares it only in its DOM and web-worker libraries, which
// the server does not load: the part it uses (db/pglite.ts's PgliteRuntime, test/pglite-template.ts).
declare namespace WebAssembly {
  /** Opaque, as lib.dom.d.ts declares it. */
  class Module {}
  function compile(bytes: Uint8Array): Promise<Module>;
}
