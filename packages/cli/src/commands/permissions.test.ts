import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

// SPEC §11: the CLI paths (catalog, search, load, read, resolve) obey the same rules as a session.
let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject("skillset-permissions-");
  await temp.writeSkill(
    "project/.agents/skills/secret",
    { name: "secret", description: "Use when handling the vault codes." },
    "SECRET BODY\n",
  );
  await temp.writeSkill(
    "project/.agents/skills/public",
    { name: "public", description: "Use when writing vault release notes." },
    "PUBLIC BODY\n",
  );
  await temp.write({ "project/.agents/skills/secret/notes.md": "classified\n" });
});
afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.join("project"), env: isolatedEnv(temp), replaceTemp: temp.path });

async function paths() {
  const catalog = await cli("catalog");
  const search = await cli("search", "vault");
  const load = await cli("load", "secret");
  const read = await cli("read", "skill://secret/notes.md");
  const resolve = await cli("resolve", "$secret open it");
  return {
    catalog: catalog.stdout.includes("secret"),
    search: search.stdout.includes("secret"),
    load: load.code === 0 && load.stdout.includes("SECRET BODY"),
    read: read.code === 0 && read.stdout.includes("classified"),
    resolve: resolve.stdout.includes("Using skill: secret"),
    messages: [load.stderr, read.stderr].join(""),
  };
}

describe("permissions at the command line", () => {
  it("allowed by default on every path", async () => {
    const { messages, ...seen } = await paths();
    expect(seen).toEqual({ catalog: true, search: true, load: true, read: true, resolve: true });
  });

  it("a skill denied in the agents' settings never appears and never loads", async () => {
    await temp.write({
      "home/.config/opencode/opencode.json": JSON.stringify({ permission: { skill: { "sec*": "deny" } } }),
    });
    const { messages, ...seen } = await paths();
    expect(seen).toEqual({ catalog: false, search: false, load: false, read: false, resolve: false });
    expect(messages).toContain(
      "skillset load: skill 'secret' is denied by a permission rule (deny \"sec*\" from opencode (<tmp>/home/.config/opencode/opencode.json)",
    );
  });

  it("ask: listed, but a command cannot ask, so it does not load", async () => {
    await temp.write({
      "project/.skillset/config.json": JSON.stringify({
        discovery: { providers: { system: false } },
        policy: { permissions: [{ action: "ask", skill: "secret" }] },
      }),
    });
    const { messages, ...seen } = await paths();
    expect(seen).toEqual({ catalog: true, search: true, load: false, read: false, resolve: false });
    expect(messages).toContain("needs confirmation");
  });
});
