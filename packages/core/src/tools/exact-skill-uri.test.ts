/**
 * A `skill://` URL means exactly one skill (SPEC §9): the URL an envelope gives for a skill loaded by
 * path names that skill even when it is shadowed or ambiguous, and a name with a space or a `/` is
 * percent-encoded, so reading never falls back to another skill.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSkillUri } from "../model/parse-skill-uri.js";
import { createTempProject, openTempRegistry, type TempDir, writeMarkedSkill } from "../test/index.js";
import { createSkillTools } from "./create-skill-tools.js";
import type { SkillTool } from "./define-skill-tool.js";

let temp: TempDir;
let load: SkillTool;
let read: SkillTool;

/** A skill whose body and `references/guide.md` say which folder they are in. */
const writeMarked = (dir: string, name: string) => writeMarkedSkill(temp, dir, name);

beforeAll(async () => {
  temp = await createTempProject("skillset-exact-uri-");
  await writeMarked("project/.agents/skills/alpha", "alpha");
  await writeMarked("home/.agents/skills/alpha", "alpha");
  await writeMarked("project/.agents/skills/dup", "dup");
  await writeMarked("project/.claude/skills/dup", "dup");
  await writeMarked("project/.agents/skills/spaced", "my spaced skill");
  await writeMarked("project/.agents/skills/slashed", "a/b");
  await writeMarked("project/.agents/skills/a", "a");
  await temp.write({ "project/.agents/skills/a/b": "FILE b OF SKILL a\n" });
  const tools = createSkillTools({ registry: await openTempRegistry(temp) });
  load = tools.find((tool) => tool.name === "skill_load") as SkillTool;
  read = tools.find((tool) => tool.name === "skill_read") as SkillTool;
});
afterAll(() => temp.cleanup());

/** Loads by path or name, takes the `skill://…/<relative path>` the envelope gives, reads the guide there. */
async function guideThroughEnvelope(input: { path?: string; name?: string }): Promise<string> {
  const loaded = await load.handler(input);
  expect(loaded.isError, loaded.text).toBe(false);
  const base = /(skill:\/\/\S+?)\/<relative path>/.exec(loaded.text)?.[1];
  expect(base, loaded.text).toBeDefined();
  const guide = await read.handler({ uri: `${base}/references/guide.md` });
  expect(guide.data?.uri).toBe(`${base}/references/guide.md`);
  return guide.text;
}

describe("skill:// URLs name exactly one skill", () => {
  it("gives a shadowed skill loaded by path a URL that reads its own files", async () => {
    const path = temp.join("home/.agents/skills/alpha/SKILL.md");
    expect(await guideThroughEnvelope({ path })).toBe("GUIDE OF home/.agents/skills/alpha\n");
    expect(await guideThroughEnvelope({ name: "alpha" })).toBe("GUIDE OF project/.agents/skills/alpha\n");
    expect((await read.handler({ uri: "skill://alpha@user" })).text).toContain("BODY OF home/.agents");
  });

  it("gives each of two ambiguous skills loaded by path a URL of its own", async () => {
    for (const dir of ["project/.agents/skills/dup", "project/.claude/skills/dup"]) {
      expect(await guideThroughEnvelope({ path: temp.join(dir, "SKILL.md") })).toBe(`GUIDE OF ${dir}\n`);
    }
    const both = await read.handler({ uri: "skill://dup@repo/references/guide.md" });
    expect(both).toMatchObject({ isError: true, code: "skill-ambiguous" });
  });

  it("percent-encodes names with a space or a slash, and reads them back", async () => {
    expect(await guideThroughEnvelope({ name: "my spaced skill" })).toBe(
      "GUIDE OF project/.agents/skills/spaced\n",
    );
    expect(await guideThroughEnvelope({ name: "a/b" })).toBe("GUIDE OF project/.agents/skills/slashed\n");
    expect((await read.handler({ uri: "skill://a%2Fb" })).text).toContain(
      "BODY OF project/.agents/skills/slashed",
    );
    expect((await read.handler({ uri: "skill://a/b" })).text).toBe("FILE b OF SKILL a\n");
  });

  it("keeps refusing encoded traversal in the path", () => {
    expect(parseSkillUri("skill://a%2Fb/x.md")).toEqual({
      ok: true,
      uri: { name: "a/b", segments: ["x.md"] },
    });
    for (const uri of [
      "skill://a/%2e%2e/x",
      "skill://a/x%2fy",
      "skill://a%2Fb/%2E%2E%2F..%2Fsecret",
      "skill://a b/x",
    ]) {
      expect(parseSkillUri(uri).ok, uri).toBe(false);
    }
  });
});
