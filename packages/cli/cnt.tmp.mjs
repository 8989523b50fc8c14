import { dirname } from "node:path";
import { readFileSync } from "node:fs";
const c = await import("/work/main/packages/core/dist/chunk-AP4NBGJM.js");
