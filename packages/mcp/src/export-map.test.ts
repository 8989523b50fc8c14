// What @skillset/mcp promises: every entry of its export map and every name each one exports, pinned in
// export-map.json (`UPDATE_EXPORT_MAP=1 npx vitest run packages/mcp/src/export-map.test.ts` rewrites it).
import { fileURLToPath } from "node:url";
import { describeExportMap } from "../../core/src/test/export-map.js";

describeExportMap(fileURLToPath(new URL("../", import.meta.url)));
