/**
 * @module Where the built `skillset` launcher is, for tests that run the server as a separate process.
 */
import { fileURLToPath } from "node:url";

/** `packages/cli/bin/skillset.js` (runs the compiled CLI: `npm test` builds first). */
export const SKILLSET_BIN = fileURLToPath(new URL("../../../cli/bin/skillset.js", import.meta.url));
