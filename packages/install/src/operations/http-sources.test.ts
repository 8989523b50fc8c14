import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createTempDir, isolatedEnv, type TempDir } from "@skillset/core/test";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readLock } from "../lock/read-lock.js";
import { makeTarGz, makeZip, skillText } from "../testing/make-archive.js";
import { closedPort, serveHttp, type TestServer } from "../testing/serve-http.js";
import { testIo } from "../testing/test-io.js";
import { addSkills } from "./add-skills.js";
import { buildRegistry } from "./build-registry.js";
import { checkSkills } from "./check-skills.js";

let temp: TempDir;
let server: TestServer;
beforeAll(async () => {
  server = await serveHttp();
});
afterAll(() => server.close());
beforeEach(async () => {
  temp = await createTempDir("skillset-http-");
  await temp.write({ "project/.git/HEAD": "ref: refs/heads/main\n", "tmp/.keep": "" });
});
afterEach(() => temp.cleanup());

// The test server listens on 127.0.0.1, which only the person may allow.
const env = () => ({ ...isolatedEnv(temp), TMPDIR: temp.join("tmp"), SKILLSET_ALLOW_PRIVATE_NETWORK: "1" });
const add = (source: string, extra: Partial<Parameters<typeof addSkills>[0]> = {}) =>
  addSkills({ source, cwd: temp.join("project"), env: env(), all: true, io: testIo(), ...extra });
const installed = (name: string, file = "SKILL.md") =>
  readFileSync(temp.join("project/.agents/skills", name, file), "utf8");
const sha = (text: string | Buffer) => `sha256:${createHash("sha256").update(text).digest("hex")}`;

describe("archives over HTTP", () => {
  it.each([
    ["tar.gz", makeTarGz],
    ["zip", makeZip],
  ])("installs every skill of a .%s", async (extension, make) => {
    server.route(
      `/bundle.${extension}`,
      make([
        { path: "bundle/", type: "dir" },
        { path: "bundle/skills/one/SKILL.md", content: skillText("one") },
        { path: "bundle/skills/one/references/r.md", content: "ref\n" },
        { path: "bundle/skills/two/SKILL.md", content: skillText("two") },
      ]),
    );
    const result = await add(`${server.url}/bundle.${extension}`);
    expect(result.installed.map((candidate) => candidate.name)).toEqual(["one", "two"]);
    expect(installed("one", "references/r.md")).toBe("ref\n");
    const entry = (await readLock(temp.join("project/skills-lock.json"))).skills.one!;
    expect(entry).toMatchObject({ sourceType: "archive", resolved: `${server.url}/bundle.${extension}` });
  });

  it("an unreachable host fails with a clear message (a closed local port)", async () => {
    const port = await closedPort();
    await expect(add(`http://127.0.0.1:${port}/x.tar.gz`)).rejects.toMatchObject({
      code: "install-unreachable",
      message: expect.stringMatching(/Cannot reach .*ECONNREFUSED/),
    });
  });

  it("a host that never answers times out with a clear message", async () => {
    const { createServer } = await import("node:net");
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    try {
      await expect(
        add(`http://127.0.0.1:${port}/x.tar.gz`, { limits: { timeoutMs: 300 } }),
      ).rejects.toMatchObject({
        code: "install-unreachable",
        message: expect.stringContaining("timed out"),
      });
    } finally {
      silent.close();
    }
  });
});

describe(".well-known skills index", () => {
  it("installs from a v0.1 index with files", async () => {
    server.route(
      "/site/.well-known/skills/index.json",
      JSON.stringify({
        skills: [{ name: "guide", description: "A guide.", files: ["SKILL.md", "references/g.md"] }],
      }),
    );
    server.route("/site/.well-known/skills/guide/SKILL.md", skillText("guide"));
    server.route("/site/.well-known/skills/guide/references/g.md", "g\n");
    const result = await add(`${server.url}/site`);
    expect(result.installed.map((candidate) => candidate.name)).toEqual(["guide"]);
    expect(installed("guide", "references/g.md")).toBe("g\n");
  });

  it("installs v0.2 entries (skill-md and archive), verifying each digest", async () => {
    const text = skillText("single");
    const archive = makeTarGz([
      { path: "packed/SKILL.md", content: skillText("packed") },
      { path: "packed/notes.md", content: "n\n" },
    ]);
    server.route(
      "/v2/.well-known/agent-skills/index.json",
      JSON.stringify({
        $schema: "discovery/0.2.0/schema.json",
        skills: [
          { name: "single", type: "skill-md", description: "d", url: "single/SKILL.md", digest: sha(text) },
          {
            name: "packed",
            type: "archive",
            description: "d",
            url: "/files/packed.tar.gz",
            digest: sha(archive),
          },
        ],
      }),
    );
    server.route("/v2/.well-known/agent-skills/single/SKILL.md", text);
    server.route("/files/packed.tar.gz", archive);
    const result = await add(`${server.url}/v2`);
    expect(result.installed.map((candidate) => candidate.name).sort()).toEqual(["packed", "single"]);
    expect(installed("packed", "notes.md")).toBe("n\n");
  });

  it("refuses an artifact whose digest differs from the index", async () => {
    server.route(
      "/bad/.well-known/agent-skills/index.json",
      JSON.stringify({
        skills: [{ name: "x", type: "skill-md", description: "d", url: "x/SKILL.md", digest: sha("other") }],
      }),
    );
    server.route("/bad/.well-known/agent-skills/x/SKILL.md", skillText("x"));
    await expect(add(`${server.url}/bad`)).rejects.toMatchObject({ code: "install-digest-mismatch" });
  });

  it("refuses index file paths that leave the skill", async () => {
    server.route(
      "/evil/.well-known/skills/index.json",
      JSON.stringify({ skills: [{ name: "x", description: "d", files: ["SKILL.md", "../../escape.md"] }] }),
    );
    await expect(add(`${server.url}/evil`)).rejects.toMatchObject({ code: "install-unsafe-path" });
  });

  it("an address with no index says what it tried", async () => {
    await expect(add(`${server.url}/nothing`)).rejects.toMatchObject({
      code: "install-no-index",
      message: expect.stringContaining(".well-known/skills/index.json"),
    });
  });
});

describe("registry build", () => {
  it("round-trips: build a static index, serve it, add from it, check it", async () => {
    await temp.writeSkill("published/skills/alpha", {
      name: "alpha",
      description: "Alpha things. Use when alpha.",
    });
    await temp.writeSkill("published/plugins/p/skills/beta", {
      name: "beta",
      description: "Beta things. Use when beta.",
    });
    await temp.write({ "published/skills/alpha/references/a.md": "a\n" });
    const built = await buildRegistry({ dir: temp.join("published"), out: temp.join("site"), env: env() });
    expect(built.skills.map((skill) => [skill.name, skill.files])).toEqual([
      ["alpha", ["SKILL.md", "references/a.md"]],
      ["beta", ["SKILL.md"]],
    ]);
    const site = await serveHttp(temp.join("site"));
    try {
      const result = await add(site.url);
      expect(result.installed.map((candidate) => candidate.name)).toEqual(["alpha", "beta"]);
      expect(result.installed[0]!.entry.integrity).toBe(built.skills[0]!.integrity);
      expect(installed("alpha", "references/a.md")).toBe("a\n");
      const check = await checkSkills({ cwd: temp.join("project"), env: env() });
      expect(check.rows.map((row) => [row.name, row.local, row.upstream])).toEqual([
        ["alpha", "intact", "current"],
        ["beta", "intact", "current"],
      ]);
    } finally {
      await site.close();
    }
  });

  it("refuses to publish a skill that fails strict validation", async () => {
    await temp.write({ "published/skills/bad/SKILL.md": "---\nname: Bad\n---\n" });
    await expect(
      buildRegistry({ dir: temp.join("published"), out: temp.join("site") }),
    ).rejects.toMatchObject({
      code: "install-invalid-skill",
    });
  });
});
