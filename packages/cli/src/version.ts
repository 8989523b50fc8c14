/**
 * @module The CLI's version, taken from its `package.json` so `--version` and the SARIF output never
 * drift from the published package. Read as a file rather than `import … with { type: "json" }`, which
 * Node 20.0 does not support, or `createRequire`, which costs `--version` a millisecond more;
 * `../package.json` is right from both `src/` and `dist/`.
 */
import { fs } from "./node-fs.js";

let version: string | undefined;

/** The `version` of the `skillset` package, e.g. `0.1.0`. Read on first call. */
export function skillsetVersion(): string {
  version ??= (
    JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
  ).version;
  return version;
}
