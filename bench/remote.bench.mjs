// Remote skills (SPEC §16): loading one skill served by an MCP server, next to loading the same skill
// from disk, in the same run. The SDK's reference catalog server runs as a real process on loopback HTTP
// and on stdio; the host is skillset (`@skillset/remote` + `createSkillset`). Three remote figures:
// fetched (the disk cache emptied first: resources/read, size, digest and frontmatter checked, cached),
// cached (served from the disk cache, hashed again), and the local load of the same SKILL.md.
// Informational: no target is set yet, so no line is OVER.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { benchDir, personEnv, repoRoot } from "./make-tree.mjs";

const RUNS = Number(process.env.REMOTE_BENCH_RUNS ?? 200);
const root = join(benchDir, "remote");
const served = join(root, "served");
const project = join(root, "project");
const home = join(root, "home");
rmSync(root, { recursive: true, force: true });
const body = `${"Fill the form field by field; check each value against the source document.\n".repeat(50)}`;
const skillMd = `---\nname: pdf-processing\ndescription: Extract text and fill PDF forms\n---\n\n${body}`;
for (const dir of [join(served, "pdf-processing"), join(project, ".agents", "skills", "pdf-processing")]) {
  mkdirSync(join(dir, "references"), { recursive: true });
  writeFileSync(join(dir, "SKILL.md"), skillMd);
  writeFileSync(join(dir, "references", "FORMS.md"), "# Forms\n".repeat(100));
}
mkdirSync(join(project, ".git"), { recursive: true });
const env = personEnv(home);
const script = join(repoRoot, "packages", "remote", "src", "testing", "catalog-server.mjs");

const http = spawn(process.execPath, [script, served, "--http"], { stdio: ["ignore", "pipe", "inherit"] });
const port = await new Promise((resolve, reject) => {
  let seen = "";
  http.stdout.on("data", (chunk) => {
    seen += chunk;
    const match = /PORT (\d+)/.exec(seen);
    if (match) resolve(Number(match[1]));
  });
  http.once("exit", (code) => reject(new Error(`catalog server exited with ${code}`)));
});
mkdirSync(join(home, ".config", "skillset"), { recursive: true });
writeFileSync(
  join(home, ".config", "skillset", "config.json"),
  JSON.stringify({
    discovery: { providers: { system: false } },
    remotes: [
      { label: "web", url: `http://127.0.0.1:${port}/mcp` },
      { label: "pipe", command: process.execPath, args: [script, served] },
    ],
  }),
);

// By the packages' entries (what a host imports), after the environment above is set.
const { openRemotes } = await import("@skillset/remote");
const { createSkillset } = await import("@skillset/core/session");
const { loadSkill } = await import("@skillset/core/loader");

const remotes = await openRemotes({ env, home });
const skills = await createSkillset({ cwd: project, env, home, sources: remotes.sources, cacheFile: false });
const skillOf = (name) => {
  const found = skills.registry.lookup(name);
  if (found.kind !== "found") throw new Error(`${name}: ${found.kind}`);
  return found.entry.skill;
};
const local = skillOf("pdf-processing");
const web = skillOf("web:pdf-processing");
const pipe = skillOf("pipe:pdf-processing");
for (const skill of [web, pipe]) await skill.origin.reader.approve(skill);
const cacheDir = join(home, ".cache", "skillset", "remote");

function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

async function measure(label, skill, before) {
  for (let index = 0; index < 10; index++) {
    await before?.();
    await loadSkill(skill);
  }
  const times = [];
  for (let index = 0; index < RUNS; index++) {
    await before?.();
    const started = performance.now();
    await loadSkill(skill);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 0.5);
  console.log(`${label.padEnd(46)} p50 ${p50.toFixed(3)} ms   p99 ${percentile(times, 0.99).toFixed(3)} ms`);
  return p50;
}

const emptyCache = async () => rmSync(join(cacheDir), { recursive: true, force: true });
console.log(`one skill, SKILL.md ${Buffer.byteLength(skillMd)} bytes, ${RUNS} loads each`);
const localP50 = await measure("local load (same SKILL.md on disk)", local);
const webFetched = await measure("remote load, http, fetched + verified", web, emptyCache);
const pipeFetched = await measure("remote load, stdio, fetched + verified", pipe, emptyCache);
const webCached = await measure("remote load, http, from disk cache (re-hashed)", web);
console.log(
  `ratios to local: http fetched ${(webFetched / localP50).toFixed(1)}x, stdio fetched ${(pipeFetched / localP50).toFixed(1)}x, cached ${(webCached / localP50).toFixed(1)}x (informational; no target)`,
);
await skills.close();
await remotes.close();
http.kill();
