/**
 * @module Node's `fs` for the CLI's modules (`bin.ts`, the dispatcher, the output, the commands
 * and the version). Taken with `process.getBuiltinModule` (Node 20.16 and later) rather than
 * `import … from "node:fs"`: the ES module facade of a built-in reads every export once, and `fs`'s
 * `ReadStream` getter then loads Node's twenty stream modules (~1.5 ms of a ~30 ms `--version`).
 * Older Node requires it (no top-level `await`, so the package can still be `require`d).
 */
import { createRequire } from "node:module";

export const fs: typeof import("node:fs") =
  process.getBuiltinModule?.("node:fs") ?? createRequire(import.meta.url)("node:fs");
