/**
 * The README's route for using skillset outside this clone, as a person on a fresh machine takes it:
 * `npm run pack-all`, `npm install -g ./dist-packs/*.tgz` (here into an empty prefix), then from an empty
 * folder `skillset list`, and every MCP client snippet of the README started as the client would start it,
 * answering an MCP `initialize` over stdio.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** VS Code's variable for the workspace folder, as its snippet writes it. */
const WORKSPACE_FOLDER = ["$", "{workspaceFolder}"].join("");
const repo = fileURLToPath(new URL("../../../", import.meta.url));
const readme = readFileSync(join(repo, "README.md"), "utf8");

/** The stdio snippets of the README's MCP section: `command` and `args` of each JSON and TOML block. */
function clientSnippets(): { label: string; command: string; args: string[] }[] {
  const snippets: { label: string; command: string; args: string[] }[] = [];
  for (const [, lang, body] of readme.matchAll(/```(json|toml)\n([\s\S]*?)```/g)) {
    if (lang === "json") {
      const servers = JSON.parse(body as string) as Record<
        string,
        Record<string, { command?: string; args?: string[] }>
      >;
      for (const [label, server] of Object.entries(servers.mcpServers ?? servers.servers ?? {})) {
        if (server.command)
          snippets.push({ label: `json ${label}`, command: server.command, args: server.args ?? [] });
      }
    } else {
      const command = /^command = "([^"]+)"/m.exec(body as string)?.[1];
      const args = /^args = (\[.*\])$/m.exec(body as string)?.[1];
      if (command && args) snippets.push({ label: "toml", command, args: JSON.parse(args) as string[] });
    }
  }
  return snippets;
}

/** Starts a snippet's command and returns the first line it writes after an MCP `initialize`. */
function initialize(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`no answer from ${command} ${args.join(" ")}: ${err}`));
    }, 20_000);
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) {
        clearTimeout(timer);
        child.kill();
        resolve(line);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on("error", reject);
    child.stdin.write(
      `${JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "readme-test", version: "1" },
        },
      })}\n`,
    );
  });
}

describe("outside this clone (README): pack-all, npm install -g, then from an empty folder", () => {
  const work = mkdtempSync(join(tmpdir(), "skillset-outside-"));
  const prefix = join(work, "global");
  const empty = join(work, "empty-folder");
  const home = join(work, "home");
  let env: NodeJS.ProcessEnv;

  beforeAll(() => {
    mkdirSync(empty, { recursive: true });
    mkdirSync(home, { recursive: true });
    const tarballs = execFileSync(
      process.execPath,
      [join(repo, "scripts/pack-all.mjs"), join(work, "packs")],
      {
        encoding: "utf8",
      },
    )
      .trim()
      .split("\n");
    expect(tarballs.length).toBeGreaterThanOrEqual(5);
    execFileSync(
      "npm",
      [
        "install",
        "-g",
        "--prefix",
        prefix,
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
        ...tarballs,
      ],
      { cwd: work, stdio: ["ignore", "ignore", "inherit"] },
    );
    env = {
      PATH: `${join(prefix, "bin")}:${process.env.PATH ?? ""}`,
      HOME: home,
      XDG_CONFIG_HOME: join(home, ".config"),
      XDG_CACHE_HOME: join(home, ".cache"),
      NO_COLOR: "1",
    };
  }, 300_000);

  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it("lists the bundled skills with the installed skillset command", () => {
    const listed = execFileSync("skillset", ["list"], { cwd: empty, env, encoding: "utf8" });
    expect(listed).toContain("skill-creator");
  });

  it("starts every MCP client snippet of the README, which answers initialize", async () => {
    const snippets = clientSnippets();
    expect(snippets.length).toBeGreaterThanOrEqual(4);
    for (const snippet of snippets) {
      const args = snippet.args.map((arg) =>
        arg.replace("/path/to/your/project", empty).replace(WORKSPACE_FOLDER, empty),
      );
      const line = await initialize(snippet.command, args, env);
      expect(JSON.parse(line), snippet.label).toMatchObject({
        id: 1,
        result: { serverInfo: { name: "skillset" } },
      });
    }
  }, 120_000);
});
