// `skillset add --all` of a 20- and a 200-skill git repository (file:// URL, so the network is not measured),
// next to the floor measured in the same run, interleaved: `git clone --depth 1` of the same repository. `add` clones the same
// way, then copies each skill out with path and size checks, validates strictly, lints, hashes and
// commits atomically with the lock. Target ≤ 1.5× the clone.

import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { report, timings } from "./make-tree.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const work = join(here, "..", ".bench", "install");
const bin = join(here, "..", "packages", "cli", "bin", "skillset.js");
const runs = Number(process.env.BENCH_RUNS ?? 5);

/** A bare repository of `skills` skills (SKILL.md, two references, one script each), built once. */
function makeRepo(skills) {
  const bare = join(work, `skills-${skills}.git`);
  if (existsSync(bare)) return bare;
  const source = join(work, `source-${skills}`);
  rmSync(source, { recursive: true, force: true });
  for (let index = 0; index < skills; index++) {
    const name = `skill-${String(index).padStart(3, "0")}`;
    const dir = join(source, "skills", name);
    mkdirSync(join(dir, "references"), { recursive: true });
    mkdirSync(join(dir, "scripts"), { recursive: true });
    const body = Array.from(
      { length: 40 },
      (_, line) => `${line + 1}. Step ${line + 1} of ${name}: do the thing carefully.`,
    );
    writeFileSync(
      join(dir, "SKILL.md"),
      `---\nname: ${name}\ndescription: "Handles ${name} tasks. Use when the user asks about ${name}."\n---\n\n# ${name}\n\n${body.join("\n")}\n\nSee [the reference](references/guide.md).\n`,
    );
    writeFileSync(join(dir, "references", "guide.md"), `# Guide\n\n${"Details. ".repeat(300)}\n`);
    writeFileSync(join(dir, "references", "examples.md"), `# Examples\n\n${"Example. ".repeat(200)}\n`);
    writeFileSync(join(dir, "scripts", "run.sh"), "#!/bin/sh\necho run\n", { mode: 0o755 });
  }
  const git = (...args) =>
    execFileSync("git", ["-c", "user.name=bench", "-c", "user.email=bench@localhost", ...args], {
      cwd: source,
    });
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-q", "-m", "skills");
  execFileSync("git", ["clone", "-q", "--bare", source, bare]);
  rmSync(source, { recursive: true, force: true });
  return bare;
}

const project = join(work, "project");
const clone = join(work, "clone");
// Both sides with the same small environment (a machine's NODE_EXTRA_CA_CERTS alone costs ~39 ms per Node
// start; git does not read it).
const env = { PATH: process.env.PATH ?? "", HOME: join(work, "home"), NO_COLOR: "1" };

/** Milliseconds of one call. */
function time(fn) {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

for (const skills of [20, 200]) {
  const url = pathToFileURL(makeRepo(skills)).href;
  // Each timing includes removing the previous result (the project, the clone), the same on both sides.
  const [ours, floor] = timings(runs, [
    () =>
      time(() => {
        rmSync(project, { recursive: true, force: true });
        mkdirSync(join(project, ".git"), { recursive: true });
        const result = spawnSync(process.execPath, [bin, "add", url, "--all", "--yes"], {
          cwd: project,
          env,
          encoding: "utf8",
        });
        if (result.status !== 0) throw new Error(`skillset add failed: ${result.stderr}`);
      }),
    () =>
      time(() => {
        rmSync(clone, { recursive: true, force: true });
        const result = spawnSync("git", ["clone", "-q", "--depth", "1", url, clone], {
          encoding: "utf8",
          env,
        });
        if (result.status !== 0) throw new Error(`git clone failed: ${result.stderr}`);
      }),
  ]);
  report(`add --all, ${skills}-skill git repo`, ours, floor, 1.5);
}
console.log(
  "(2-core machine shared with other work: absolute times are noisy; the ratio is the number to watch)",
);
