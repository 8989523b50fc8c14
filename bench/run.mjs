// `npm run bench [-- <name>] [-- --report-only]`: runs every bench/*.bench.mjs in turn against the built
// packages (run `npm run build` first). Every line that is over its target says `OVER`; the run exits 1
// when any line does (or a bench fails), unless `--report-only` asks just to print.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL(".", import.meta.url));
const args = process.argv.slice(2);
const reportOnly = args.includes("--report-only");
const only = args.find((arg) => !arg.startsWith("--"));

/** Runs one bench, echoing its output; resolves to its exit code and the lines that were over target. */
function runBench(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--expose-gc", `${dir}${file}`], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const over = [];
    createInterface({ input: child.stdout }).on("line", (line) => {
      console.log(line);
      if (/\bOVER\b/.test(line)) over.push(line.trim());
    });
    child.on("close", (code) => resolve({ code: code ?? 1, over }));
  });
}

const over = [];
let failed = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".bench.mjs"))
  .sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n# ${file}`);
  const result = await runBench(file);
  if (result.code !== 0) failed++;
  over.push(...result.over.map((line) => `${file}: ${line}`));
}
console.log(`\n${over.length} line(s) over target${failed ? `, ${failed} bench(es) failed` : ""}`);
for (const line of over) console.log(`  ${line}`);
if (!reportOnly && (over.length > 0 || failed > 0)) process.exitCode = 1;
