// Builds benchmark trees from the shared corpus (never committed; kept under .bench/ between runs).
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("..", import.meta.url));
export const corpus = process.env.SKILLSET_CORPUS ?? join(repoRoot, "..", "shared", "corpus");
export const benchDir = join(repoRoot, ".bench");

/** Every SKILL.md under wild/, sorted. */
export function wildFiles() {
  const out = [];
  const visit = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) visit(p);
      else if (e.name === "SKILL.md") out.push(p);
    }
  };
  visit(join(corpus, "wild"));
  return out.sort();
}

function build(target, write) {
  const done = join(target, ".complete");
  if (existsSync(done)) return target;
  write();
  writeFileSync(done, "");
  return target;
}

/** `copies` copies of wild/ with their original nesting: `<target>/copy-N/<owner>@<repo>/<path>/SKILL.md`. */
export function nestedWildTree(copies = 8) {
  const target = join(benchDir, `wild-nested-${copies}`);
  const wild = join(corpus, "wild");
  return build(target, () => {
    for (const file of wildFiles()) {
      const bytes = readFileSync(file);
      for (let c = 0; c < copies; c++) {
        const out = join(target, `copy-${c}`, relative(wild, file));
        mkdirSync(dirname(out), { recursive: true });
        writeFileSync(out, bytes);
      }
    }
  });
}

/** An installed-skills folder: one skill per folder, `<target>/<copy>-<index>/SKILL.md`. */
export function flatWildTree(copies = 8) {
  const target = join(benchDir, `wild-flat-${copies}`);
  return build(target, () => {
    const files = wildFiles();
    for (let c = 0; c < copies; c++) {
      files.forEach((file, i) => {
        const out = join(target, `c${c}-s${String(i).padStart(4, "0")}`, "SKILL.md");
        mkdirSync(dirname(out), { recursive: true });
        writeFileSync(out, readFileSync(file));
      });
    }
  });
}

/** A `node_modules` folder of `count` small files in nested packages (must be skipped by the walker). */
export function nodeModulesTree(target, count = 50_000) {
  return build(join(target, "node_modules"), () => {
    const perPackage = 50;
    for (let i = 0; i < count; i++) {
      const dir = join(target, "node_modules", `pkg-${Math.floor(i / perPackage)}`, "lib");
      if (i % perPackage === 0) mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `file-${i % perPackage}.js`), "module.exports = 1;\n");
    }
  });
}

/** The floor: walk a tree with plain readdir and read every SKILL.md's bytes. Returns [ms, files]. */
export function floorWalkAndRead(root, { skip = new Set(["node_modules"]) } = {}) {
  const start = performance.now();
  let files = 0;
  const visit = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (!e.name.startsWith(".") && !skip.has(e.name)) visit(join(dir, e.name));
      } else if (e.name === "SKILL.md") {
        readFileSync(join(dir, e.name));
        files++;
      }
    }
  };
  visit(root);
  return [performance.now() - start, files];
}

/**
 * Milliseconds of one whole process, its output piped and dropped. An exit code outside `ok` (default 0
 * and 1: a command that found something) throws, with what the process printed.
 */
export function timeProcess(command, args, options = {}, ok = [0, 1]) {
  const start = performance.now();
  const result = spawnSync(command, args, {
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 1 << 30,
    ...options,
  });
  const elapsed = performance.now() - start;
  if (!ok.includes(result.status)) throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr}`);
  return elapsed;
}

/** Median of `runs` timings of `fn` (after one warm-up when `warm`). */
export async function median(fn, runs = 5, { warm = true } = {}) {
  if (warm) await fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/**
 * Medians of `runs` timings of each of several commands measured in turn (interleaved, so load on the
 * machine hits them alike), after one warm-up round. Each command returns its own milliseconds.
 */
export function medians(runs, commands) {
  return timings(runs, commands).map((each) => each.median);
}

/**
 * Like `medians`, keeping the spread: `{ min, median, max }` of each command's runs, taken in alternation
 * (one round runs every command once), after one warm-up run of each.
 */
export function timings(runs, commands) {
  const times = commands.map(() => []);
  for (const command of commands) command(); // warm the file cache and Node's code cache
  for (let round = 0; round < runs; round++) {
    for (const [index, command] of commands.entries()) times[index].push(command());
  }
  return times.map((list) => {
    list.sort((a, b) => a - b);
    return { min: list[0], median: list[Math.floor(list.length / 2)], max: list.at(-1) };
  });
}

const msOf = (time) => (typeof time === "number" ? time : time.median);
const spreadOf = (time) =>
  typeof time === "number" ? "" : `  (${time.min.toFixed(0)}–${time.max.toFixed(0)})`;

/**
 * Prints one result line: ours, the floor, the ratio and the target (`OVER` when the ratio is above it),
 * then one line for each further floor (`{ label, floor, target? }`) the same result is held to. A time
 * is milliseconds or a `timings` result (its median is compared; min–max is printed beside it).
 */
export function report(label, ours, floor, target, more = []) {
  console.log(
    `${label.padEnd(48)} ours ${msOf(ours).toFixed(1).padStart(8)} ms${spreadOf(ours)}   floor ${msOf(floor).toFixed(1).padStart(8)} ms${spreadOf(floor)}   ratio ${ratioText(msOf(ours), msOf(floor), target)}`,
  );
  for (const other of more) {
    console.log(
      `${"".padEnd(48)}      ${"".padStart(8)}      ${other.label} ${msOf(other.floor).toFixed(1).padStart(8)} ms${spreadOf(other.floor)}   ratio ${ratioText(msOf(ours), msOf(other.floor), other.target)}`,
    );
  }
}

function ratioText(ours, floor, target) {
  const ratio = ours / floor;
  const verdict =
    target === undefined ? "" : ratio <= target ? `  ok (target ≤ ${target}×)` : `  OVER target ${target}×`;
  return `${ratio.toFixed(2)}×${verdict}`;
}

/** The environment of a person whose home is `home`, the same for every process a bench times. */
export function personEnv(home) {
  return {
    PATH: process.env.PATH ?? "",
    HOME: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_CACHE_HOME: join(home, ".cache"),
    SKILLSET_ADMIN_DIR: join(home, "etc"),
  };
}

/**
 * A project whose `.agents/skills` is the flat wild tree (`copies` copies), fresh, and a person whose own
 * config raises the walk limits to see all of it (a project's config may lower limits, never raise them).
 * Returns the project, the home and the person's environment.
 */
export function flatTreeProject(name, copies = 8) {
  const project = join(benchDir, `${name}-project`);
  const home = join(benchDir, `${name}-home`);
  rmSync(project, { recursive: true, force: true });
  mkdirSync(join(project, ".git"), { recursive: true });
  mkdirSync(join(project, ".agents"), { recursive: true });
  symlinkSync(flatWildTree(copies), join(project, ".agents", "skills"));
  mkdirSync(join(home, ".config", "skillset"), { recursive: true });
  writeFileSync(
    join(home, ".config", "skillset", "config.json"),
    JSON.stringify({
      discovery: {
        providers: { system: false },
        limits: { maxDepth: 6, maxDirectories: 100_000, maxEntries: 1_000_000 },
      },
    }),
  );
  return { project, home, env: personEnv(home) };
}
