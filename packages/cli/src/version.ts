/**
 * @module The CLI's version, taken from its `package.json` so `--version` and the SARIF output never
 * drift from the published package. `createRequire` rather than `import … with { type: "json" }`,
 * which Node 20.0 does not support; `../package.json` is right from both `src/` and `dist/`.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** The `version` of the `skillset` package, e.g. `0.1.0`. Read on first call (Node caches the file). */
export function skillsetVersion(): string {
  return (require("../package.json") as { version: string }).version;
}
