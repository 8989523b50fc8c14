// Mentions: scan + resolve a 1 MB prompt against a 16,000-skill registry (SPEC §8: ≤ 20 ms).
// Run after `npm run build`: `node bench/mentions.bench.mjs` (or `npm run bench mentions`).
import { resolveMentions, scanMentions } from "@skillset/core/mentions";
import { makeEntry } from "@skillset/core/test";

const TARGET_MS = 20;
const SKILLS = 16_000;
const PROMPT_BYTES = 1_000_000;

const words = [
  "pdf",
  "table",
  "extract",
  "review",
  "debug",
  "deploy",
  "test",
  "driven",
  "development",
  "api",
  "docs",
  "lint",
  "format",
  "release",
  "notes",
  "security",
  "audit",
  "figma",
  "design",
  "react",
  "python",
  "rust",
  "sql",
  "migrate",
  "schema",
  "cloud",
  "infra",
  "terraform",
  "k8s",
  "helm",
  "write",
  "plan",
  "research",
  "summary",
  "slides",
  "excel",
  "chart",
  "image",
  "audio",
  "video",
];

/** 16,000 skills with realistic two- or three-word names; every 10th one namespaced (a plugin). */
function buildRegistry() {
  const entries = [];
  for (let index = 0; index < SKILLS; index++) {
    const a = words[index % words.length];
    const b = words[Math.floor(index / words.length) % words.length];
    const name = `${a}-${b}-${Math.floor(index / (words.length * words.length))}`;
    const namespace = index % 10 === 0 ? `plugin${index % 7}` : undefined;
    entries.push(makeEntry({ skill: { name, namespace, scope: namespace ? "plugin" : "repo" } }));
  }
  return entries;
}

/** About 1 MB of prose, lists, inline code and fenced shell blocks full of `$VAR`s, with a few mentions. */
function buildPrompt(entries) {
  const first = entries[1].skill;
  const linked = entries[2].skill;
  const paragraph =
    "The deploy failed again after the cache change; see `echo $HOME` and the note about $PATH. " +
    "Costs rose to US$5 per run, so keep the (small) fixtures and read the docs at https://example.com/a?b=c. " +
    "We should look at the retry loop [here](./src/retry.ts) before the release on Friday.\n";
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax that must not be a mention
  const fence = '```sh\nexport API_KEY=$API_KEY\nfor f in $@; do echo "$f" ${HOME}; done\n```\n';
  const parts = [`$${first.name} fix the flaky deploy.\n\n`];
  let size = parts[0].length;
  let round = 0;
  while (size < PROMPT_BYTES) {
    const block = round % 4 === 3 ? fence : `- ${paragraph}\n`;
    parts.push(block);
    size += block.length;
    round++;
  }
  parts.push(
    `\nAlso [$${linked.name}](${linked.path}), skill://${first.name}/references/a.md and $deploy-tabel-0.\n`,
  );
  return parts.join("");
}

function floorLoop(text) {
  let count = 0;
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) === 0x24) count++;
  return count;
}

function floorIndexOf(text) {
  let count = 0;
  for (let index = text.indexOf("$"); index !== -1; index = text.indexOf("$", index + 1)) count++;
  return count;
}

const entries = buildRegistry();
const prompt = buildPrompt(entries);
const options = { source: "user", config: { composition: true } };

/**
 * Median and minimum of `runs` timings, after `warmups` untimed runs; the minimum shows the cost on a
 * quiet machine.
 */
function timings(fn, runs = 9, warmups = 1) {
  for (let warmup = 0; warmup < warmups; warmup++) fn();
  const times = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)], min: times[0] };
}

function once(fn) {
  const start = performance.now();
  const result = fn();
  return { ms: performance.now() - start, result };
}

// The very first call of the process: the engine has compiled nothing yet (scanner, lookups, search).
// The heap is collected first (`npm run bench` exposes gc): otherwise whether the young process's first
// heap growth (a scavenge and a mark-compact, ~15 ms) falls inside this call depends on how much the
// process happened to load before it, not on the resolver.
globalThis.gc?.();
const cold = once(() => resolveMentions(prompt, entries, options));
const turn = cold.result;
// After a registry reload: a new entries array, so the lookup tables of the old one are of no use.
const fresh = timings(() => resolveMentions(prompt, [...entries], options), 9, 3);
// The same snapshot every turn. A snapshot scans for its first few link targets and near names and
// builds those tables once asked often, so the steady state is measured after a few turns.
const warm = timings(() => resolveMentions(prompt, entries, options), 9, 5);
const scan = timings(() => scanMentions(prompt));
const loop = timings(() => floorLoop(prompt));
const indexOf = timings(() => floorIndexOf(prompt));
// One first call on yet another new array, with the code compiled: what a reload costs a warm host.
const reloaded = once(() => resolveMentions(prompt, [...entries], options));

const ms = (value) => `${value.toFixed(2).padStart(8)} ms`;
const verdict = (value) =>
  value <= TARGET_MS ? `  ok (target ≤ ${TARGET_MS} ms)` : `  OVER target ${TARGET_MS} ms`;
const line = (label, { median, min }, note = "") =>
  console.log(`${label.padEnd(50)} median ${ms(median)}   min ${ms(min)}${note}`);
const single = (label, value, note = "") => console.log(`${label.padEnd(50)} once   ${ms(value)}${note}`);
console.log(
  `prompt ${(prompt.length / 1e6).toFixed(2)} MB, ${SKILLS} skills; found ${turn.mentions.length} mentions, ` +
    `${turn.activations.length} activations, ${turn.diagnostics.length} diagnostics`,
);
single("resolve, first call in the process (JIT cold)", cold.ms);
single("resolve, first call on a new array (JIT warm)", reloaded.ms, verdict(reloaded.ms));
line("resolve, new entries array each run", fresh, verdict(fresh.median));
line("resolve, same registry snapshot", warm, verdict(warm.median));
line("scan only", scan);
line("floor: for loop over charCodeAt", loop);
line("floor: indexOf('$') pass", indexOf);
if (warm.median > TARGET_MS || fresh.median > TARGET_MS) process.exitCode = 1;
