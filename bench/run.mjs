// `npm run bench`: runs every bench/*.bench.mjs in turn against the built packages (run `npm run build` first).
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL(".", import.meta.url));
const only = process.argv[2];
let failed = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".bench.mjs"))
  .sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n# ${file}`);
  const result = spawnSync(process.execPath, ["--expose-gc", `${dir}${file}`], { stdio: "inherit" });
  if (result.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
