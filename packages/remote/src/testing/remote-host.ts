/**
 * @module A host with remote skills for tests: a temp person (HOME, XDG dirs) whose config names MCP
 * servers, a temp project with local skills, real server processes (stdio, or loopback HTTP started
 * here), and `createSkillset` with the person's remotes opened.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { RemoteServerConfig } from "@skillset/core/config";
import { createSkillset, type Skillset } from "@skillset/core/session";
import { createTempProject, isolatedEnv, type TempDir } from "@skillset/core/test";
import { type OpenedRemotes, openRemotes } from "../open-remotes.js";

/** Path of a test server script beside this file. */
export function serverScript(name: "catalog-server.mjs" | "hostile-server.mjs"): string {
  return fileURLToPath(new URL(`./${name}`, import.meta.url));
}

/** A stdio remote running `script` with `args`. */
export function stdioRemote(label: string, script: string, args: string[] = []): RemoteServerConfig {
  return { label, command: process.execPath, args: [script, ...args] };
}

/** Starts `script --http` and resolves with its URL once it listens; `stop()` ends it. */
export async function startHttpServer(
  script: string,
  args: string[] = [],
): Promise<{ url: string; process: ChildProcess; stop(): void }> {
  const child = spawn(process.execPath, [script, ...args, "--http"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let seen = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /PORT (\d+)/.exec(seen);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code} before listening`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, process: child, stop: () => child.kill() };
}

/** A person, a project and the skillset of that project with the person's remotes. */
export interface RemoteHost {
  temp: TempDir;
  env: Record<string, string>;
  project: string;
  remotes: OpenedRemotes;
  skills: Skillset;
  /**
   * Closes the skillset and every connection (stdio servers stop), then removes the temp dir unless it was
   * given to `openRemoteHost` (its owner removes it).
   */
  close(): Promise<void>;
}

/** Writes the person's config with `remotes`, local skills into the project, and opens it all. */
export async function openRemoteHost(
  remotes: RemoteServerConfig[],
  options: { localSkills?: string[]; temp?: TempDir } = {},
): Promise<RemoteHost> {
  const temp = options.temp ?? (await createTempProject("skillset-remote-"));
  const env = isolatedEnv(temp);
  await temp.write({ "home/.config/skillset/config.json": JSON.stringify({ remotes }) });
  for (const name of options.localSkills ?? []) {
    await temp.writeSkill(
      `project/.agents/skills/${name}`,
      { name, description: `The local ${name} skill` },
      `Local ${name}.\n`,
    );
  }
  const opened = await openRemotes({ env, home: env.HOME });
  const skills = await createSkillset({
    cwd: temp.join("project"),
    env,
    home: env.HOME,
    sources: opened.sources,
    cacheFile: false,
  });
  return {
    temp,
    env,
    project: temp.join("project"),
    remotes: opened,
    skills,
    async close() {
      await skills.close();
      await opened.close();
      if (options.temp === undefined) await temp.cleanup();
    },
  };
}
