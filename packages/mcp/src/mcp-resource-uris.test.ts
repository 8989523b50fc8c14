/**
 * Every resource `resources/list` gives can be read, and means the skill it was listed for (SPEC §9,
 * §13): URIs of the MCP Skills extension's mapping (`skill://<skill-path>/SKILL.md`), shadowed and
 * ambiguous skills under a first segment naming scope and provider (and a tag when that is not enough),
 * names with a space or a `/` percent-encoded, a plugin skill under `<plugin>/<name>` even when a bare
 * skill is named `plugin:name`; and the old forms (`skill://<name>`, `skill://<name>@<scope>`,
 * `skill://<plugin>:<name>`) still read.
 */
import type { Resource } from "@modelcontextprotocol/sdk/types.js";
import { createTempProject, TEMP_PROJECT_CONFIG, type TempDir, writeMarkedSkill } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverEnv } from "./testing/skill-project.js";
import { type StdioSession, startStdioClient } from "./testing/start-stdio-client.js";

let temp: TempDir;
let session: StdioSession;

/** A skill whose body and `references/guide.md` say which folder they are in. */
const writeMarked = (dir: string, name: string) => writeMarkedSkill(temp, dir, name);

beforeAll(async () => {
  temp = await createTempProject("skillset-mcp-uris-");
  await temp.write({
    "project/.skillset/config.json": JSON.stringify({
      discovery: { ...TEMP_PROJECT_CONFIG.discovery, pluginDirs: ["plugins"] },
    }),
    "project/plugins/github/.claude-plugin/plugin.json": JSON.stringify({ name: "github" }),
  });
  await writeMarked("project/.agents/skills/alpha", "alpha");
  await writeMarked("home/.agents/skills/alpha", "alpha");
  await writeMarked("project/.agents/skills/dup", "dup");
  await writeMarked("project/.claude/skills/dup", "dup");
  await writeMarked("project/.agents/skills/spaced", "my spaced skill");
  await writeMarked("project/.agents/skills/slashed", "a/b");
  await writeMarked("project/.agents/skills/a", "a");
  await writeMarked("project/plugins/github/skills/gh-fix-ci", "gh-fix-ci");
  await writeMarked("project/.agents/skills/impostor", "github:gh-fix-ci");
  session = await startStdioClient(temp.join("project"), serverEnv(temp));
});
afterAll(async () => {
  await session?.close();
  await temp?.cleanup();
});

async function readText(uri: string): Promise<string> {
  const { contents } = await session.client.readResource({ uri });
  expect(contents[0]?.uri).toBe(uri);
  const first = contents[0];
  return first && "text" in first ? first.text : "";
}

describe("skillset mcp: resource URLs", () => {
  it("reads every listed resource as the skill it was listed for", async () => {
    const { resources } = await session.client.listResources();
    const skills = resources.filter((resource: Resource) => !resource.uri.endsWith("/references/guide.md"));
    const uris = skills.map((resource) => resource.uri).sort();
    expect(uris).toEqual(
      expect.arrayContaining([
        "skill://a/SKILL.md",
        "skill://a%2Fb/SKILL.md",
        "skill://alpha/SKILL.md",
        "skill://user.agents/alpha/SKILL.md",
        "skill://github/gh-fix-ci/SKILL.md",
        "skill://my%20spaced%20skill/SKILL.md",
      ]),
    );
    // Both ambiguous dups and the bare impostor are listed, each under a path of its own.
    expect(
      uris.filter((uri) => /^skill:\/\/repo\.[a-z]+\.[0-9a-f]{8}\/dup\/SKILL\.md$/.test(uri)),
    ).toHaveLength(2);
    expect(
      uris.filter((uri) => /^skill:\/\/repo\.[a-z]+\/github%3Agh-fix-ci\/SKILL\.md$/.test(uri)),
    ).toHaveLength(1);
    // Every one is a URL `new URL` reads with the skill path intact: no `@` or `:` in the authority.
    for (const uri of uris) expect(new URL(uri).href, uri).toBe(uri);
    const dirs = new Set<string>();
    for (const { uri } of skills) {
      const dir = /BODY OF (\S+)/.exec(await readText(uri))?.[1];
      expect(dir, uri).toBeDefined();
      dirs.add(dir as string);
      expect(await readText(uri.replace(/SKILL\.md$/, "references/guide.md"))).toBe(`GUIDE OF ${dir}\n`);
    }
    expect(dirs.size).toBe(skills.length);
    for (const { uri } of resources) await readText(uri);
  });

  it("serves the plugin skill, not the bare impostor, under the plugin's qualified name", async () => {
    expect(await readText("skill://github/gh-fix-ci/SKILL.md")).toContain("BODY OF project/plugins/github");
    expect(await readText("skill://github:gh-fix-ci")).toContain("BODY OF project/plugins/github");
  });

  it("still reads the old forms: skill://<name>, skill://<name>@<scope>, skill://<plugin>:<name>/<path>", async () => {
    expect(await readText("skill://alpha")).toContain("BODY OF project/.agents/skills/alpha");
    expect(await readText("skill://alpha@user")).toContain("BODY OF home/.agents/skills/alpha");
    expect(await readText("skill://alpha@user/references/guide.md")).toBe(
      "GUIDE OF home/.agents/skills/alpha\n",
    );
    expect(await readText("skill://github:gh-fix-ci/references/guide.md")).toContain(
      "project/plugins/github",
    );
  });
});
