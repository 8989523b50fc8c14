// The MCP Skills extension's listing (SEP-2640, SPEC §13): `skillset mcp --http` serving the 16,000-skill
// bench tree, one official SDK v2 client on the 2026-07-28 revision calling `skills/list` through its
// `SkillsClient` (which also checks every entry, as a host does). Measured: the
// first page and the full listing (every page), cold (just started: every file hashed) and warm (digests
// kept by file stamp: nothing rehashed). Floors measured in the same run on the same files: for warm, a
// plain walk of the skill folders with a stat of every file and a read of every SKILL.md; for cold, the
// same walk reading and hashing every file; the first page's floors walk as many skill folders as a page
// holds, and its cached line also shows `resources/templates/list` (the protocol and transport alone).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { ListSkillsResultSchema } from "@modelcontextprotocol/core/ext/skills";
import { flatTreeProject, median, repoRoot, report } from "./make-tree.mjs";

const TOKEN = "bench-token-0123456789";
/** The server's page size (`SKILLS_PER_PAGE` in packages/mcp/src/mcp-skills.ts). */
const SKILLS_PER_PAGE = 500;
const { project, env } = flatTreeProject("mcp-skills");
const tree = join(project, ".agents", "skills");

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
let notServed = 0;
const url = await new Promise((resolve, reject) => {
  server.stderr.on("data", (chunk) => {
    const text = String(chunk);
    notServed += text.split("not served as an MCP Skills extension entry").length - 1;
    if (serverLog.length < 10_000) serverLog += text;
    const match = /(http:\/\/\S+\/mcp)/.exec(serverLog);
    if (match) resolve(new URL(match[1]));
  });
  server.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${serverLog}`)));
});
console.log(serverLog.split("\n")[0]);

const client = new Client(
  { name: "bench", version: "1" },
  { versionNegotiation: { mode: { pin: "2026-07-28" } } },
);
await client.connect(
  new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }),
);
const skillsClient = new SkillsClient(client);
/** One page, as the wire carries it. */
const listPage = () => client.request({ method: "skills/list", params: {} }, ListSkillsResultSchema);

/** Every page, each entry checked, as a host lists a server (`SkillsClient.list()` follows the cursors). */
async function fullListing() {
  const listing = await skillsClient.list();
  const files = listing.skills.reduce((sum, skill) => sum + skill.resources.length, 0);
  return { skills: listing.skills.length, invalid: listing.invalid.length, files };
}

const timed = async (fn) => {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
};

// Cold: nothing hashed yet.
const [firstPageCold] = await timed(() => listPage());
const [fullCold, counts] = await timed(fullListing);
// Warm: every digest kept by stamp.
const firstPageWarm = await median(() => listPage(), 9);
const fullWarm = await median(fullListing, 3, { warm: false });
const roundTrip = await median(() => client.listResourceTemplates(), 9);
await client.close();
server.kill("SIGTERM");

/**
 * Walks the first `limit` skill folders (all by default): stat every file and read every SKILL.md; with
 * `hash`, read and hash every file.
 */
function floor(hash, limit = Number.POSITIVE_INFINITY) {
  const start = performance.now();
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (hash) createHash("sha256").update(readFileSync(path)).digest("hex");
      else if (entry.name === "SKILL.md") readFileSync(path);
      else statSync(path);
    }
  };
  const skills = readdirSync(tree).filter((name) => !name.startsWith("."));
  for (const name of skills.slice(0, limit)) visit(join(tree, name));
  return performance.now() - start;
}
const floorWarm = await median(async () => floor(false), 5);
const floorCold = await median(async () => floor(true), 3);
const floorPageWarm = await median(async () => floor(false, SKILLS_PER_PAGE), 5);
const floorPageCold = await median(async () => floor(true, SKILLS_PER_PAGE), 5);

console.log(
  `skills/list over 16,000 skills: ${counts.skills} entries, ${counts.files} files, ${counts.invalid} refused by the client; ` +
    `${notServed} skills not served as entries (name or frontmatter outside the extension's rules; reported on stderr)`,
);
report("skills/list first page, cold", firstPageCold, floorPageCold, 40);
report("skills/list first page, digests cached", firstPageWarm, floorPageWarm, 10, [
  { label: "no-work round trip", floor: roundTrip },
]);
report("skills/list full listing, cold (hashing)", fullCold, floorCold, 25);
report("skills/list full listing, digests cached", fullWarm, floorWarm, 10);
console.log(
  "(floors, same files: cached → walk + stat each file + read SKILL.md; cold → walk + read and sha256 each file;\n" +
    ` the first page's floor walks ${SKILLS_PER_PAGE} skill folders)`,
);
