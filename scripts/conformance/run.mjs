#!/usr/bin/env node
/**
 * @module `npm run conformance`: the official MCP conformance suite (`@modelcontextprotocol/conformance`,
 * a devDependency) against `skillset mcp --http` serving a fixture project in a temp folder. Runs the
 * server scenarios that apply to skillset, prints a table, and exits 1 when any check failed. Checks the
 * suite itself marks untestable (they call a diagnostic tool from the suite's own reference server, such
 * as `test_missing_capability`) are counted apart, with the suite's reason. Scenarios built around the
 * suite's fixture tools, prompts and resources are listed as not applicable, with the reason.
 *
 * Node 20: the suite imports `fs.globSync` (Node >= 22), which `fs-glob-register.mjs` supplies to the
 * suite alone; on Node 22 the real one is used. Nothing is downloaded.
 *
 * Usage: npm run conformance [-- --scenario <name>] [-- --keep]
 */
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SUITE = join(root, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");
const REGISTER = join(root, "scripts", "conformance", "fs-glob-register.mjs");
const SKILLSET = join(root, "packages", "cli", "dist", "bin.js");

/** The scenarios skillset must pass (issue 22), and others that apply to a skills server. */
const REQUIRED = [
  "sep-2640-skills-enumeration",
  "sep-2640-skills-manifest",
  "sep-2640-skills-directory",
  "server-stateless",
  "caching",
  "http-header-validation",
  "sep-2164-resource-not-found",
  "dns-rebinding-protection",
  "server-initialize",
  "server-session-lifecycle",
];
const ALSO = [
  "ping",
  "tools-list",
  "resources-list",
  "prompts-list",
  "completion-complete",
  "server-sse-multiple-streams",
  "input-required-result-unsupported-methods",
  "input-required-result-validate-input",
];

const FIXTURE_TOOL =
  "calls a diagnostic tool of the suite's reference server; skillset serves its four skill tools";
const NOT_APPLICABLE = [
  [
    "tools-call-simple-text, -image, -audio, -embedded-resource, -mixed-content, -with-logging, -error, -with-progress, -sampling, -elicitation",
    `${FIXTURE_TOOL} (test_simple_text, test_image_content, …)`,
  ],
  ["json-schema-2020-12", `${FIXTURE_TOOL} (json_schema_2020_12_tool)`],
  ["elicitation-sep1034-defaults, elicitation-sep1330-enums", `${FIXTURE_TOOL} (elicitation fixtures)`],
  ["input-required-result-* (the other 12)", `${FIXTURE_TOOL} (test_input_required_result_*)`],
  ["http-custom-header-server-validation", "needs a tool whose parameters carry x-mcp-header annotations"],
  ["server-sse-polling", "needs a fixture tool that streams with event ids (only SHOULD warnings here)"],
  [
    "resources-read-text, -read-binary, -templates-read, -subscribe, -unsubscribe",
    "read the suite's fixture resources (test://static-text, …); skillset serves skill:// only, without subscriptions",
  ],
  [
    "prompts-get-simple, -with-args, -embedded-resource, -with-image",
    "get the suite's fixture prompts (test_simple_prompt, …)",
  ],
  ["logging-set-level", "skillset declares no logging capability"],
  ["tasks-* (11)", "the tasks extension (io.modelcontextprotocol/tasks), which skillset does not declare"],
];

const SKILL = (name, description, extra = "") =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\n# ${name}\n\nFollow the steps.\n`;

/** A project with skills, nested folders, a binary file, and a same-name skill in the person's folder. */
async function writeFixture(dir) {
  const files = {
    ".skillset/config.json": JSON.stringify({}),
    ".agents/skills/pdf-processing/SKILL.md": SKILL(
      "pdf-processing",
      "Extract text and tables from PDF files and fill PDF forms. Use when working with PDF files.",
      "license: MIT\nmetadata:\n  author: skillset\n",
    ),
    ".agents/skills/pdf-processing/references/forms.md": "# Forms\n\nUse the form fields.\n",
    ".agents/skills/pdf-processing/references/deep/tables.md": "# Tables\n",
    ".agents/skills/pdf-processing/scripts/fill.py": "print('fill')\n",
    ".agents/skills/release-notes/SKILL.md": SKILL("release-notes", "Write release notes from the git log."),
    ".agents/skills/git-workflow/SKILL.md": SKILL("git-workflow", "The team's git workflow."),
    ".agents/skills/git-workflow/references/branching.md": "# Branching\n\nOne branch per change.\n",
    // The person's older copy: shadowed, served as skill://user.claude/git-workflow/SKILL.md.
    "../home/.claude/skills/git-workflow/SKILL.md": SKILL(
      "git-workflow",
      "An older copy of the git workflow.",
    ),
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  await writeFile(
    join(dir, ".agents/skills/pdf-processing/scripts/blank.png"),
    Buffer.from([137, 80, 78, 71, 0, 1, 2]),
  );
  await mkdir(join(dir, ".git"), { recursive: true });
}

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      out += chunk;
    });
    child.on("exit", (code) => resolve({ code, out }));
  });
}

async function startServer(cwd, env) {
  const child = spawn(process.execPath, [SKILLSET, "mcp", "--http", "--port", "0", "--cwd", cwd], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`skillset mcp did not start:\n${stderr}`)), 30_000);
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      const match = /http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(`http://localhost:${match[1]}/mcp`);
      }
    });
    child.once("exit", (code) => reject(new Error(`skillset mcp exited with ${code}:\n${stderr}`)));
  });
  return { url, child, stderr: () => stderr };
}

/** Runs one scenario; its checks by status. */
async function scenario(name, url, outDir) {
  const dir = join(outDir, name);
  const { out } = await run(process.execPath, [
    "--import",
    REGISTER,
    SUITE,
    "server",
    "--url",
    url,
    "--scenario",
    name,
    "-o",
    dir,
  ]);
  const found = [];
  const walk = async (path) => {
    for (const entry of await readdir(path, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory()) await walk(join(path, entry.name));
      else if (entry.name === "checks.json") found.push(join(path, entry.name));
    }
  };
  await walk(dir);
  if (found.length === 0) return { name, error: out.trim().split("\n").slice(-3).join(" ") };
  const checks = JSON.parse(await readFile(found[0], "utf8"));
  const count = (status) =>
    checks.filter((check) => check.status === status && !check.details?.untestable).length;
  const untestable = checks.filter((check) => check.details?.untestable);
  return {
    name,
    passed: count("SUCCESS"),
    failed: count("FAILURE"),
    warnings: count("WARNING"),
    skipped: count("SKIPPED"),
    untestable,
    failures: checks.filter((check) => check.status === "FAILURE" && !check.details?.untestable),
  };
}

function table(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  return rows
    .map((row, index) => {
      const line = `| ${row.map((cell, column) => String(cell).padEnd(widths[column])).join(" | ")} |`;
      return index === 0 ? `${line}\n|${widths.map((width) => "-".repeat(width + 2)).join("|")}|` : line;
    })
    .join("\n");
}

async function main() {
  const args = process.argv.slice(2);
  const only = args.includes("--scenario") ? [args[args.indexOf("--scenario") + 1]] : undefined;
  const temp = await mkdtemp(join(tmpdir(), "skillset-conformance-"));
  const project = join(temp, "project");
  await mkdir(join(temp, "home"), { recursive: true });
  await writeFixture(project);
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: join(temp, "home"),
    USERPROFILE: join(temp, "home"),
    NO_COLOR: "1",
  };
  const server = await startServer(project, env).catch(async (error) => {
    await rm(temp, { recursive: true, force: true });
    throw error;
  });
  const results = [];
  try {
    for (const name of only ?? [...REQUIRED, ...ALSO]) {
      const result = await scenario(name, server.url, join(temp, "results"));
      results.push({ ...result, required: REQUIRED.includes(name) });
      process.stderr.write(
        `  ${name}: ${result.error ?? `${result.passed} passed, ${result.failed} failed`}\n`,
      );
    }
  } finally {
    server.child.kill("SIGTERM");
  }
  const rows = [["scenario", "required", "passed", "failed", "warnings", "untestable here"]];
  for (const result of results) {
    rows.push([
      result.name,
      result.required ? "yes" : "",
      result.passed ?? "-",
      result.error ? "error" : result.failed,
      result.warnings ?? "-",
      result.untestable?.length ?? "-",
    ]);
  }
  console.log(
    `\nMCP conformance (@modelcontextprotocol/conformance 0.2.0-alpha.12) against skillset mcp --http, Node ${process.version}\n`,
  );
  console.log(table(rows));
  const untestable = results.flatMap((result) =>
    (result.untestable ?? []).map((check) => [result.name, check.id, check.errorMessage ?? ""]),
  );
  if (untestable.length > 0) {
    console.log("\nChecks the suite could not exercise here (it needs its own diagnostic tools):\n");
    console.log(
      table([
        ["scenario", "check", "the suite's reason"],
        ...untestable.map(([s, id, why]) => [s, id, why.slice(0, 110)]),
      ]),
    );
  }
  if (!only) {
    console.log(
      "\nNot applicable (built around the suite's own fixtures or features skillset does not declare):\n",
    );
    console.log(table([["scenarios", "why"], ...NOT_APPLICABLE]));
  }
  const failed = results.filter((result) => result.error || result.failed > 0);
  for (const result of failed) {
    console.log(`\n${result.name}: ${result.error ?? ""}`);
    for (const check of result.failures ?? [])
      console.log(`  FAILED ${check.id}: ${check.errorMessage ?? ""}`);
  }
  const totals = results.reduce(
    (sum, result) => ({
      passed: sum.passed + (result.passed ?? 0),
      failed: sum.failed + (result.failed ?? 0),
    }),
    { passed: 0, failed: 0 },
  );
  console.log(`\nconformance: ${totals.passed} passed, ${totals.failed} failed`);
  if (args.includes("--keep")) console.log(`results kept in ${temp}`);
  else await rm(temp, { recursive: true, force: true });
  process.exitCode = failed.length > 0 ? 1 : 0;
}

await main();
