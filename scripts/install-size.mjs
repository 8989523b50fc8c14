#!/usr/bin/env node
// The install a person gets from `npm install skillset`: packs @skillset/core, the packages the CLI
// depends on and the CLI itself, installs the tarballs into an empty folder (their dependencies from the
// npm cache when they are there), runs `skillset list` there, and measures node_modules.
// Usage: node scripts/install-size.mjs [--max-mb 10] [--keep]. Exit 1 when over the limit or `list` fails.
import { execFileSync } from "node:child_process";
import { lstatSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packPackages, workspacePackages } from "./pack-all.mjs";

const args = process.argv.slice(2);
const maxMb = Number(args[args.indexOf("--max-mb") + 1] ?? 10) || 10;
const keep = args.includes("--keep");

/** The workspace packages `skillset` needs at run time, in dependency order. */
function runtimePackages() {
  const byName = workspacePackages();
  const wanted = [];
  const visit = (name) => {
    if (!byName.has(name) || wanted.includes(name)) return;
    for (const dependency of Object.keys(byName.get(name).manifest.dependencies ?? {})) visit(dependency);
    wanted.push(name);
  };
  visit("skillset");
  return wanted;
}

/** Files under `dir` that only the build needs: incremental build state and maps to unshipped sources. */
function buildLeftovers(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && (entry.name.endsWith(".tsbuildinfo") || entry.name.endsWith(".map")))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

/** Bytes of every file under `dir` (symbolic links counted as links, not followed). */
function sizeOf(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += sizeOf(path);
    else total += lstatSync(path).size;
  }
  return total;
}

const work = mkdtempSync(join(tmpdir(), "skillset-install-"));
try {
  const tarballs = packPackages(work, runtimePackages());
  const project = join(work, "project");
  execFileSync("mkdir", ["-p", project]);
  execFileSync("npm", ["init", "-y"], { cwd: project, stdio: "ignore" });
  execFileSync(
    "npm",
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      "--loglevel=error",
      ...tarballs,
    ],
    { cwd: project, stdio: ["ignore", "ignore", "inherit"] },
  );
  const listed = execFileSync(join(project, "node_modules", ".bin", "skillset"), ["list"], {
    cwd: project,
    encoding: "utf8",
    env: {
      ...process.env,
      HOME: join(work, "home"),
      XDG_CONFIG_HOME: join(work, "home", ".config"),
      XDG_CACHE_HOME: join(work, "home", ".cache"),
    },
  });
  const modules = join(project, "node_modules");
  const total = sizeOf(modules);
  const rows = readdirSync(modules)
    .flatMap((name) =>
      name.startsWith("@") ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`) : [name],
    )
    .filter((name) => !name.startsWith("."))
    .map((name) => [name, sizeOf(join(modules, name))])
    .sort((a, b) => b[1] - a[1]);
  const mb = (bytes) => (bytes / 1024 / 1024).toFixed(2);
  for (const [name, bytes] of rows.slice(0, 12)) console.log(`${mb(bytes).padStart(7)} MB  ${name}`);
  console.log(
    `install: ${mb(total)} MB in ${rows.length} packages (limit ${maxMb} MB); \`skillset list\` printed ${listed.split("\n").length - 1} lines`,
  );
  if (!listed.includes("skill-creator"))
    throw new Error("`skillset list` did not list the bundled skill-creator");
  if (total > maxMb * 1024 * 1024) process.exitCode = 1;
  const leftovers = buildLeftovers(join(modules, "@skillset")).concat(
    buildLeftovers(join(modules, "skillset")),
  );
  console.log(`build leftovers shipped: ${leftovers.length}`);
  for (const file of leftovers.slice(0, 5)) console.log(`  ${file}`);
  if (leftovers.length > 0) process.exitCode = 1;
} finally {
  if (keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
