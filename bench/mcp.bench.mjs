// The MCP server under load (SPEC §13): `skillset mcp --http` serving 16,000 skills, 50 concurrent SDK
// clients calling skill_search and skill_load (by the path the search returned) for MCP_BENCH_SECONDS
// (default 10; the issue's run is 30). No call may fail. Prints p50/p99 per tool and requests per second,
// next to a floor measured in the same run against the same server and clients: MCP `ping`, the
// protocol and transport with no work. Server memory (RSS, from /proc) before and after.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { flatTreeProject, repoRoot } from "./make-tree.mjs";

const CLIENTS = 50;
const SECONDS = Number(process.env.MCP_BENCH_SECONDS ?? 10);
const FLOOR_SECONDS = Math.min(5, SECONDS);
const TOKEN = "bench-token-0123456789";
const QUERIES = [
  "merge pdf files",
  "write release notes",
  "review a pull request",
  "test driven development",
  "deploy to production",
  "debug a failing test",
  "write documentation",
  "frontend design",
  "database migration",
  "security audit",
];

const { project, env } = flatTreeProject("mcp");

const bin = join(repoRoot, "packages", "cli", "bin", "skillset.js");
const server = spawn(
  process.execPath,
  [bin, "mcp", "--http", "--port", "0", "--cwd", project, "--token", TOKEN],
  {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  },
);
let serverLog = "";
const url = await new Promise((resolve, reject) => {
  server.stderr.on("data", (chunk) => {
    serverLog += chunk;
    const match = /(http:\/\/\S+\/mcp)/.exec(serverLog);
    if (match) resolve(new URL(match[1]));
  });
  server.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${serverLog}`)));
});
const rss = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
console.log(serverLog.trim());

async function connect() {
  const client = new Client({ name: "bench", version: "1" });
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
  });
  await client.connect(transport);
  return { client, transport };
}

const clients = await Promise.all(Array.from({ length: CLIENTS }, connect));
// Warm up: the search index and the file cache, as after a few minutes of use.
await clients[0].client.callTool({ name: "skill_search", arguments: { query: "warm up" } });
const rssBefore = rss();

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

/** Runs `work(client, n)` on every client in a loop for `seconds`; returns the errors thrown. */
async function load(seconds, work) {
  const deadline = performance.now() + seconds * 1000;
  const errors = [];
  const start = performance.now();
  await Promise.all(
    clients.map(async ({ client }, index) => {
      for (let i = 0; performance.now() < deadline; i++) {
        try {
          await work(client, index + i * CLIENTS);
        } catch (error) {
          errors.push(String(error?.message ?? error));
        }
      }
    }),
  );
  return { errors, seconds: (performance.now() - start) / 1000 };
}

const pingTimes = [];
const floorRun = await load(FLOOR_SECONDS, async (client) => {
  const began = performance.now();
  await client.ping();
  pingTimes.push(performance.now() - began);
});

const searchTimes = [];
const loadTimes = [];
const toolErrors = [];
const run = await load(SECONDS, async (client, n) => {
  let began = performance.now();
  const found = await client.callTool({
    name: "skill_search",
    arguments: { query: QUERIES[n % QUERIES.length], limit: 5 },
  });
  searchTimes.push(performance.now() - began);
  if (found.isError) return void toolErrors.push(`skill_search: ${found.content?.[0]?.text}`);
  const results = found.structuredContent?.results ?? [];
  if (results.length === 0) return;
  began = performance.now();
  const loaded = await client.callTool({
    name: "skill_load",
    arguments: { path: results[n % results.length].path },
  });
  loadTimes.push(performance.now() - began);
  if (loaded.isError) toolErrors.push(`skill_load: ${loaded.content?.[0]?.text}`);
});

for (const { client, transport } of clients) {
  await transport.terminateSession().catch(() => {});
  await client.close();
}
await new Promise((resolve) => setTimeout(resolve, 2000));
const rssAfter = rss();
server.kill("SIGTERM");

const floorSorted = pingTimes.sort((a, b) => a - b);
const floorP50 = percentile(floorSorted, 0.5);
const requests = searchTimes.length + loadTimes.length;
const line = (label, times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const p50 = percentile(sorted, 0.5);
  console.log(
    `${label.padEnd(14)} ${String(sorted.length).padStart(7)} calls   p50 ${p50.toFixed(1).padStart(7)} ms   p99 ${percentile(sorted, 0.99).toFixed(1).padStart(7)} ms   ratio to ping p50 ${(p50 / floorP50).toFixed(1)}×`,
  );
};
console.log(`${CLIENTS} clients over Streamable HTTP for ${SECONDS} s (MCP_BENCH_SECONDS), 16,000 skills`);
console.log(
  `${"ping (floor)".padEnd(14)} ${String(floorSorted.length).padStart(7)} calls   p50 ${floorP50.toFixed(1).padStart(7)} ms   p99 ${percentile(floorSorted, 0.99).toFixed(1).padStart(7)} ms   ${(floorSorted.length / floorRun.seconds).toFixed(0)} req/s`,
);
line("skill_search", searchTimes);
line("skill_load", loadTimes);
console.log(`throughput     ${(requests / run.seconds).toFixed(0)} req/s (search + load)`);
console.log(`server memory  ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB after (RSS)`);
const errors = [...floorRun.errors, ...run.errors, ...toolErrors];
console.log(
  `errors         ${errors.length}${errors.length ? `: ${[...new Set(errors)].slice(0, 3).join(" | ")}` : ""}`,
);
process.exitCode = errors.length === 0 ? 0 : 1;
