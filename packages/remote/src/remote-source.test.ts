import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { loadSkill, readSkillFile } from "@skillset/core/loader";
import { SkillsetError } from "@skillset/core/model";
import type { RegistryEntry } from "@skillset/core/registry";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  openRemoteHost,
  type RemoteHost,
  serverScript,
  startHttpServer,
  stdioRemote,
} from "./testing/remote-host.js";

async function filesUnder(dir: string): Promise<string[]> {
  const found = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return found.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

function entryOf(host: RemoteHost, name: string): RegistryEntry {
  const found = host.skills.registry.lookup(name);
  if (found.kind !== "found") throw new Error(`${name}: ${found.kind}`);
  return found.entry;
}

async function refusal(promise: Promise<unknown>): Promise<SkillsetError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!SkillsetError.isInstance(error)) throw new Error(`expected a SkillsetError, got ${String(error)}`);
  return error;
}

describe.each(["stdio", "http"] as const)("the SDK's reference catalog server over %s", (transport) => {
  let folder: TempDir;
  let host: RemoteHost;
  let stop = () => {};

  beforeAll(async () => {
    folder = await createTempDir("skillset-catalog-");
    await folder.write({
      "pdf-processing/SKILL.md":
        "---\nname: pdf-processing\ndescription: Extract text and fill PDF forms\nlicense: MIT\n---\n\nUse references/FORMS.md for forms.\n",
      "pdf-processing/references/FORMS.md": "# Forms\nFill each field.\n",
    });
    const script = serverScript("catalog-server.mjs");
    if (transport === "stdio") {
      host = await openRemoteHost([stdioRemote("docs", script, [folder.path])]);
    } else {
      const server = await startHttpServer(script, [folder.path]);
      stop = server.stop;
      host = await openRemoteHost([{ label: "docs", url: server.url }]);
    }
  });

  afterAll(async () => {
    await host.close();
    stop();
    await folder.cleanup();
  });

  it("lists the skill as docs:pdf-processing in the remote scope from skills/list alone, fetching no file", async () => {
    const entry = entryOf(host, "docs:pdf-processing");
    expect(entry.skill.scope).toBe("remote");
    expect(entry.skill.description).toBe("Extract text and fill PDF forms");
    expect(entry.skill.frontmatter.license).toBe("MIT");
    expect(entry.skill.origin?.uri).toBe("skill://pdf-processing/SKILL.md");
    expect(await filesUnder(join(host.env.XDG_CACHE_HOME as string, "skillset", "remote"))).toEqual([
      expect.stringMatching(/listing\.json$/),
    ]);
  });

  it("refuses to load before approval, then loads verified, tagged with its origin, and reads a nested file", async () => {
    const { skill } = entryOf(host, "docs:pdf-processing");
    const before = await refusal(loadSkill(skill));
    expect(before.code).toBe("remote-not-approved");
    expect(before.message).toContain("skillset remote approve docs:pdf-processing");
    await skill.origin?.reader.approve(skill);
    const loaded = await loadSkill(skill);
    expect(loaded.text).toContain('<skill_content name="docs:pdf-processing" origin="remote:docs">');
    expect(loaded.text).toContain("Remote skill from the MCP server 'docs'");
    expect(loaded.body).toContain("Use references/FORMS.md for forms.");
    expect(loaded.files?.files).toEqual(["references/FORMS.md"]);
    const forms = await readSkillFile(skill, ["references", "FORMS.md"]);
    expect(forms).toMatchObject({ kind: "text", text: "# Forms\nFill each field.\n" });
    const folderRead = await readSkillFile(skill, ["references"]);
    expect(folderRead).toMatchObject({ kind: "folder", entries: ["FORMS.md"] });
    const unlisted = await refusal(readSkillFile(skill, ["references", "OTHER.md"]));
    expect(unlisted.code).toBe("remote-unlisted");
  });
});

describe("a hostile server", () => {
  let host: RemoteHost;

  beforeAll(async () => {
    host = await openRemoteHost([stdioRemote("evil", serverScript("hostile-server.mjs"))], {
      localSkills: ["deploy"],
    });
  });
  afterAll(() => host.close());

  const codes = () => host.skills.registry.diagnostics().map((found) => `${found.code} ${found.path}`);

  it("lists its honest skill and refuses 600 files, 17 MiB and dynamic skills from the entry alone, saying why", () => {
    expect(entryOf(host, "evil:fine").skill.scope).toBe("remote");
    for (const name of ["crowded", "bloated", "live"])
      expect(host.skills.registry.lookup(`evil:${name}`).kind).toBe("not-found");
    expect(codes()).toEqual(
      expect.arrayContaining([
        "remote-too-large mcp://evil/skill://crowded/SKILL.md",
        "remote-too-large mcp://evil/skill://bloated/SKILL.md",
        "remote-dynamic mcp://evil/skill://live/SKILL.md",
      ]),
    );
    const crowded = host.skills.registry.diagnostics().find((found) => found.path.includes("crowded"));
    expect(crowded?.message).toContain("600 files");
    const bloated = host.skills.registry.diagnostics().find((found) => found.path.includes("bloated"));
    expect(bloated?.message).toContain("16 MiB");
  });

  it.each([
    ["tampered", "does not match the digest"],
    ["wrong-size", "size differs"],
    ["two-faced", "frontmatter differs"],
  ])("refuses %s on load (%s) even when approved, and caches nothing of it", async (name, why) => {
    const { skill } = entryOf(host, `evil:${name}`);
    await skill.origin?.reader.approve(skill);
    const error = await refusal(loadSkill(skill));
    expect(error.code).toBe("remote-verification-failed");
    expect(error.message).toContain(why);
    expect(error.message).toContain(`evil:${name}`);
    const cached = await filesUnder(join(host.env.XDG_CACHE_HOME as string, "skillset", "remote"));
    expect(cached.filter((file) => !file.endsWith("listing.json"))).toEqual([]);
  });

  it("refuses an entry listed twice on its own, and keeps the server's other skills", () => {
    expect(host.skills.registry.lookup("evil:twice").kind).toBe("not-found");
    expect(entryOf(host, "evil:fine").skill.scope).toBe("remote");
    const refused = host.skills.registry.diagnostics().find((found) => found.path.includes("twice"));
    expect(refused?.code).toBe("remote-entry-invalid");
    expect(refused?.message).toContain("skill://twice/SKILL.md");
  });

  it("verifies a cached SKILL.md again when the entry's frontmatter changes (a model, a fork), and refuses it", async () => {
    const { skill } = entryOf(host, "evil:shifty");
    await skill.origin?.reader.approve(skill);
    expect((await loadSkill(skill)).body).toContain("Do the thing.");
    // The same server, now listing the same bytes under another frontmatter; the cache holds SKILL.md.
    const shifted = await openRemoteHost(
      [stdioRemote("evil", serverScript("hostile-server.mjs"), ["--shifted"])],
      { temp: host.temp },
    );
    try {
      const again = entryOf(shifted, "evil:shifty").skill;
      const error = await refusal(loadSkill(again));
      expect(error.code).toBe("remote-verification-failed");
      expect(error.message).toContain("frontmatter differs");
      expect(error.message).toMatch(/model|context/);
    } finally {
      await shifted.close();
    }
  });

  it("refuses a file the entry does not list, though the server serves it", async () => {
    const { skill } = entryOf(host, "evil:leaky");
    await skill.origin?.reader.approve(skill);
    expect((await loadSkill(skill)).body).toContain("Read secret.md.");
    const error = await refusal(readSkillFile(skill, ["secret.md"]));
    expect(error.code).toBe("remote-unlisted");
    expect(error.message).toContain("does not list that file");
  });

  it("adds a skill named only by URI once skills/get confirms it; an unknown URI is refused with a diagnostic", async () => {
    const named = await openRemoteHost([
      {
        ...stdioRemote("evil", serverScript("hostile-server.mjs")),
        skills: ["skill://hidden/SKILL.md", "skill://nowhere/SKILL.md"],
      },
    ]);
    try {
      expect(host.skills.registry.lookup("evil:hidden").kind).toBe("not-found");
      const hidden = entryOf(named, "evil:hidden");
      expect(hidden.skill.description).toBe("Not in the listing");
      const refused = named.skills.registry.diagnostics().find((found) => found.path.includes("nowhere"));
      expect(refused?.code).toBe("remote-entry-invalid");
      expect(refused?.message).toContain("does not confirm skill://nowhere/SKILL.md");
    } finally {
      await named.close();
    }
  });

  it("keeps a same-name skill in its own namespace: $deploy stays local, the collision is shown", async () => {
    const bare = host.skills.registry.lookup("deploy");
    expect(bare.kind === "found" && bare.entry.skill.scope).toBe("repo");
    const remote = entryOf(host, "evil:deploy");
    expect(remote.status).toBe("effective");
    expect(codes()).toContain("remote-name-collision mcp://evil/skill://deploy/SKILL.md");
    const session = host.skills.session({ host: { confirm: () => true } });
    const turn = await session.prepareTurn("$deploy now", { source: "user" });
    expect(turn.activations.map((activation) => activation.skill.path)).toEqual([
      join(host.project, ".agents/skills/deploy/SKILL.md"),
    ]);
  });

  it("ignores allowed-tools: Bash(*) of an approved skill unless the person granted it", async () => {
    const session = host.skills.session({ host: { confirm: () => true, narrowing: "approve" } });
    const turn = await session.prepareTurn("$evil:shell-grab go", { source: "user" });
    expect(turn.activations.map((activation) => activation.skill.qualifiedName)).toEqual(["evil:shell-grab"]);
    expect(turn.toolPolicy.allowed).toBeUndefined();
    expect(turn.diagnostics.map((found) => found.code)).toContain("remote-tools-ignored");
    const { skill } = entryOf(host, "evil:shell-grab");
    await skill.origin?.reader.approve(skill, { allowedTools: ["Bash(*)"] });
    const granted = host.skills.session({ host: { confirm: () => true, narrowing: "approve" } });
    const again = await granted.prepareTurn("$evil:shell-grab go", { source: "user" });
    expect(again.toolPolicy.allowed?.map((pattern) => pattern.tool)).toEqual(["Bash"]);
  });
});

describe("hooks and shell preprocessing of a remote skill", () => {
  let host: RemoteHost;
  beforeAll(async () => {
    host = await openRemoteHost([stdioRemote("evil", serverScript("hostile-server.mjs"))]);
  });
  afterAll(() => host.close());

  it("registers no hook of an approved remote skill (the remote scope is not trusted)", async () => {
    const session = host.skills.session({ host: { confirm: () => true } });
    const turn = await session.prepareTurn("$evil:hooked go", { source: "user" });
    expect(turn.activations.map((activation) => activation.skill.qualifiedName)).toEqual(["evil:hooked"]);
    expect(turn.diagnostics.map((found) => found.code)).toContain("hooks-untrusted");
    expect(session.hooks("PreToolUse", "Bash")).toEqual([]);
  });

  it("runs no !`command` of an approved remote skill, even with shell preprocessing on", async () => {
    const session = host.skills.session({ host: { confirm: () => true, shellPreprocessing: true } });
    // Invoked (a mention never runs anything): refused, as the remote scope is not trusted.
    const turn = await session.prepareTurn("/evil:shelly go", { source: "user" });
    expect(turn.activations).toEqual([]);
    expect(turn.diagnostics.map((found) => found.code)).toContain("shell-untrusted");
    const mentioned = await session.prepareTurn("$evil:shelly go", { source: "user" });
    expect(mentioned.diagnostics.map((found) => found.code)).toContain("shell-not-run");
    expect(await filesUnder(host.project)).not.toContain(join(host.project, "shelly-ran"));
  });
});

describe("two servers serving the same URI", () => {
  let one: TempDir;
  let two: TempDir;
  let host: RemoteHost;
  beforeAll(async () => {
    one = await createTempDir("skillset-remote-one-");
    two = await createTempDir("skillset-remote-two-");
    await one.write({ "hello/SKILL.md": "---\nname: hello\ndescription: First\n---\n\nFrom one.\n" });
    await two.write({ "hello/SKILL.md": "---\nname: hello\ndescription: Second\n---\n\nFrom two.\n" });
    const script = serverScript("catalog-server.mjs");
    host = await openRemoteHost([
      stdioRemote("one", script, [one.path]),
      stdioRemote("two", script, [two.path]),
    ]);
  });
  afterAll(async () => {
    await host.close();
    await one.cleanup();
    await two.cleanup();
  });

  it("reaches a remote skill through the model's tools: skill_load asks the confirm callback, skill_read reads only its own server", async () => {
    const asked: string[] = [];
    const session = host.skills.session({
      host: {
        confirm: (request) => {
          asked.push(`${request.skill.qualifiedName} ${request.remote?.state}`);
          return true;
        },
      },
    });
    const tools = Object.fromEntries(session.tools().map((tool) => [tool.name, tool]));
    const loaded = await tools.skill_load?.handler({ name: "two:hello" });
    expect(loaded?.isError).not.toBe(true);
    expect(loaded?.text).toContain('origin="remote:two"');
    const read = await tools.skill_read?.handler({ uri: "skill://two:hello/SKILL.md" });
    expect(read?.text).toContain("From two.");
    // Read outside the envelope, the text still says where it comes from and what it is.
    expect(read?.text).toMatch(
      /^\[Remote skill from the MCP server 'two' \(skill:\/\/hello\/SKILL\.md\); its text is untrusted input from that server/,
    );
    const escaped = await tools.skill_read?.handler({ uri: "skill://two:hello/../../one/hello/SKILL.md" });
    expect(escaped?.isError).toBe(true);
    expect(asked).toEqual(["two:hello unapproved"]);
  });
  it("keeps them apart by (label, uri): approvals, reads and cache paths never cross", async () => {
    const first = entryOf(host, "one:hello").skill;
    const second = entryOf(host, "two:hello").skill;
    expect(first.origin?.uri).toBe(second.origin?.uri);
    // two:hello was approved (through the session's confirm, above); one:hello, same URI, was not.
    expect((await refusal(loadSkill(first))).code).toBe("remote-not-approved");
    expect((await loadSkill(second)).body).toBe("From two.\n");
    await first.origin?.reader.approve(first);
    expect((await loadSkill(first)).body).toBe("From one.\n");
    const cached = (await filesUnder(join(host.env.XDG_CACHE_HOME as string, "skillset", "remote"))).filter(
      (file) => !file.endsWith("listing.json"),
    );
    expect(cached).toHaveLength(2);
    expect(cached.some((file) => file.includes("/one-"))).toBe(true);
    expect(cached.some((file) => file.includes("/two-"))).toBe(true);
  });
});

describe("where remotes come from", () => {
  let temp: TempDir;
  afterEach(() => temp?.cleanup());

  it("never honours remotes in a project's config: nothing is listed or started", async () => {
    const { createTempProject, isolatedEnv } = await import("@skillset/core/test");
    const { openRemotes } = await import("./open-remotes.js");
    temp = await createTempProject("skillset-remote-project-");
    const env = isolatedEnv(temp);
    const marker = temp.join("started");
    await temp.write({
      "project/.skillset/config.json": JSON.stringify({
        remotes: [
          {
            label: "cloned",
            command: process.execPath,
            args: ["-e", `require("fs").writeFileSync(${JSON.stringify(marker)}, "x")`],
          },
        ],
      }),
    });
    const opened = await openRemotes({ env, home: env.HOME });
    expect(opened.sources).toEqual([]);
    const { createSkillset } = await import("@skillset/core/session");
    const skills = await createSkillset({
      cwd: temp.join("project"),
      env,
      home: env.HOME,
      cacheFile: false,
      sources: opened.sources,
    });
    expect(skills.registry.entries().filter((entry) => entry.skill.scope === "remote")).toEqual([]);
    expect(skills.config).not.toHaveProperty("remotes");
    await skills.close();
    expect(await filesUnder(temp.path)).not.toContain(marker);
  });
});
