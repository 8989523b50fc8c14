/**
 * @module Node built-ins without the start-up cost of importing them. `import … from "node:fs"` makes an
 * ES module facade that reads every export of `fs` once, and its `ReadStream` getter loads Node's twenty
 * stream modules (~1.5 ms of every start-up): `nodeFs` is `fs` itself, from `process.getBuiltinModule`
 * (Node 20.16 and later; older Node requires it). `nodeBuiltin` loads, on its first call and
 * synchronously, a built-in that importing core need not load: the head-reading thread's `worker_threads`
 * (which brings `perf_hooks` and the message machinery along), the tokenizer's `zlib`, and `crypto` (~3.5 ms
 * with the stream modules its hashes are built on; a command hashes only once it reads or writes a cache).
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export const nodeFs: typeof import("node:fs") =
  process.getBuiltinModule?.("node:fs") ?? (require("node:fs") as typeof import("node:fs"));

interface LazyBuiltins {
  "node:crypto": typeof import("node:crypto");
  "node:worker_threads": typeof import("node:worker_threads");
  "node:zlib": typeof import("node:zlib");
}

/** The built-in `name`, loaded on the first call. */
export function nodeBuiltin<Name extends keyof LazyBuiltins>(name: Name): LazyBuiltins[Name] {
  return (process.getBuiltinModule?.(name) ?? require(name)) as LazyBuiltins[Name];
}
