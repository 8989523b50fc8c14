// The catalog within a token budget (SPEC §7): 16,000 skills rendered into an 8,000-token budget.
// Target: ≤ 100 ms per render once the registry is loaded. The floor is the time to concatenate every
// name and description once and count their tokens — what a renderer that tokenizes everything pays.
import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { defaultConfig, defaultTokenizer, renderCatalog } from "@skillset/core";
import { parse } from "yaml";
import { benchDir, corpus, median, wildFiles } from "./make-tree.mjs";

const COPIES = 8;
const BUDGET = 8000;
const TARGET_MS = 100;
const scopes = ["repo", "repo", "user", "user", "admin", "system", "custom", "plugin"];

/** Name and description from a SKILL.md's frontmatter (a plain YAML read; fallbacks like the parser's). */
function readFields(file) {
  const text = readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  const match = /^---\r?\n([\s\S]*?)\r?\n---\s*(?:\r?\n|$)/.exec(text);
  let fields = {};
  try {
    fields = (match && parse(match[1])) || {};
  } catch {
    fields = {};
  }
  const name = typeof fields.name === "string" ? fields.name : file.split("/").at(-2);
  const body = match ? text.slice(match[0].length) : text;
  const fallback = body.split(/\n\s*\n/).find((p) => p.trim() && !p.trim().startsWith("#")) ?? name;
  const description = typeof fields.description === "string" ? fields.description : fallback;
  return { name, description: description.replace(/\s+/g, " ").trim() };
}

function buildEntries() {
  const wild = join(corpus, "wild");
  const fields = wildFiles().map((file) => ({ file, ...readFields(file) }));
  const entries = [];
  for (let copy = 0; copy < COPIES; copy++) {
    const scope = scopes[copy % scopes.length];
    for (const { file, name, description } of fields) {
      const path = join(benchDir, `wild-nested-${COPIES}`, `copy-${copy}`, relative(wild, file));
      const skill = {
        id: path,
        name,
        qualifiedName: name,
        description,
        path,
        dir: dirname(path),
        scope,
        source: { provider: "agents", root: join(benchDir, `copy-${copy}`) },
        invocation: { model: true, user: true },
        frontmatter: { name, description, extra: {}, raw: {} },
        bodyLine: 1,
        mtimeMs: 0,
        size: 0,
        diagnostics: [],
      };
      entries.push({ skill, status: "effective", enabled: true });
    }
  }
  // The registry hands out its entries sorted by scope rank, name and path (SPEC §5); do the same.
  const rank = (scope) => defaultConfig.discovery.scopeOrder.indexOf(scope);
  const text = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  return entries.sort(
    (a, b) =>
      rank(a.skill.scope) - rank(b.skill.scope) ||
      text(a.skill.qualifiedName, b.skill.qualifiedName) ||
      text(a.skill.path, b.skill.path),
  );
}

const entries = buildEntries();
console.log(`registry: ${entries.length} skills (${COPIES} copies of corpus/wild), budget ${BUDGET} tokens`);

let start = performance.now();
const first = renderCatalog(entries, { budgetTokens: BUDGET });
const firstMs = performance.now() - start;

const all = entries.map(({ skill }) => `${skill.name}: ${skill.description}`).join("\n");
const floor = await median(() => defaultTokenizer().count(all), 3);

const line = (label, ms, extra = "") =>
  console.log(`${label.padEnd(50)} ${ms.toFixed(1).padStart(8)} ms${extra}`);
// The ratio to the floor stays meaningful on a busy machine, where every absolute time grows.
const verdict = (ms) =>
  `   ${(ms / floor).toFixed(2)}× floor   ${ms <= TARGET_MS ? "ok" : "OVER"} (target ≤ ${TARGET_MS} ms)`;
let wrong = !first.fits || first.tokens > BUDGET;

line("first render (loads the tokenizer)", firstMs);
for (const format of ["xml", "markdown", "context"]) {
  let result;
  const warm = await median(() => {
    result = renderCatalog(entries, { format, budgetTokens: BUDGET });
  }, 7);
  // A fresh tokenizer object has an empty memo: every piece is tokenized again.
  const cold = await median(() => {
    const tokenizer = { count: defaultTokenizer().count };
    renderCatalog(entries, { format, budgetTokens: BUDGET, tokenizer });
  }, 5);
  line(`${format}: render, counts memoised (as in a session)`, warm, verdict(warm));
  line(`${format}: render, empty count memo`, cold, verdict(cold));
  console.log(
    `  ${result.tokens}/${result.budget} tokens, ${result.listed.length} listed, ` +
      `${result.truncated.length} shortened, ${result.omitted.length} omitted, fits=${result.fits}`,
  );
  wrong ||= !result.fits || result.tokens > BUDGET;
}
const shuffled = entries.map((entry, i) => [(i * 7919) % entries.length, entry]).sort((a, b) => a[0] - b[0]);
const unordered = shuffled.map(([, entry]) => entry);
const sorting = await median(() => renderCatalog(unordered, { budgetTokens: BUDGET }), 5);
line("xml: render, entries not in registry order", sorting, verdict(sorting));
line("floor: concatenate all names+descriptions, count", floor, `   (${(all.length / 1e6).toFixed(1)} MB)`);

start = performance.now();
const roomy = renderCatalog(entries.slice(0, 2000), { budgetTokens: 200_000 });
line("2,000 skills into 200,000 tokens (shortening)", performance.now() - start);
console.log(
  `  ${roomy.tokens}/${roomy.budget} tokens, ${roomy.listed.length} listed, ` +
    `${roomy.truncated.length} shortened, ${roomy.omitted.length} omitted`,
);
// Times are reported, not enforced (they depend on the machine's load); a catalog over budget fails.
if (wrong) {
  console.log("a catalog came out over its budget");
  process.exitCode = 1;
}
