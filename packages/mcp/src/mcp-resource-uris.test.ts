/**
 * Every resource `resources/list` gives can be read, and means the skill it was listed for (SPEC §9,
 * §13): shadowed and ambiguous skills under their exact names, names with a space or a `/` percent-encoded,
 * a plugin skill under its qualified name even when a bare skill is named like it.
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
    expect(skills.map((resource) => resource.uri).sort()).toEqual(
      expect.arrayContaining([
        "skill://a",
        "skill://a%2Fb",
        "skill://alpha",
        "skill://alpha@user",
        "skill://github:gh-fix-ci",
        "skill://my%20spaced%20skill",
      ]),
    );
    // Both ambiguous dups and the bare impostor are listed, each under a name of its own.
    expect(skills.filter((resource) => resource.uri.startsWith("skill://dup@repo-"))).toHaveLength(2);
    expect(
      skills.filter((resource) => resource.uri.startsWith("skill://github:gh-fix-ci@repo")),
    ).toHaveLength(1);
    const dirs = new Set<string>();
    for (const { uri } of skills) {
      const dir = /BODY OF (\S+)/.exec(await readText(uri))?.[1];
      expect(dir, uri).toBeDefined();
      dirs.add(dir as string);
      expect(await readText(`${uri}/references/guide.md`)).toBe(`GUIDE OF ${dir}\n`);
    }
    expect(dirs.size).toBe(skills.length);
    for (const { uri } of resources) await readText(uri);
  });

  it("serves the plugin skill, not the bare impostor, under the plugin's qualified name", async () => {
    expect(await readText("skill://github:gh-fix-ci")).toContain("BODY OF project/plugins/github");
  });
});
