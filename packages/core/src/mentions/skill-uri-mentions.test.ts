/**
 * A `skill://` URL in a message means what the loader means (SPEC §8, §9): references and
 * `[$name](skill://…)` links are read by the one parser, `parseSkillUri` (a percent-encoded name is
 * decoded, an exact `name@scope…` names a shadowed or ambiguous skill, a path that could leave the skill
 * is refused), and looked up as `skill_read` looks them up, so both land on the same skill and file.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSkillFile } from "../loader/read-skill-file.js";
import { exactSkillName } from "../registry/exact-skill-name.js";
import type { SkillRegistry } from "../registry/registry-types.js";
import { createTempProject, openTempRegistry, type TempDir, writeMarkedSkill } from "../test/index.js";
import { createSkillTools } from "../tools/create-skill-tools.js";
import type { SkillTool } from "../tools/define-skill-tool.js";
import { resolveMentions } from "./resolve-mentions.js";
import { scanMentions } from "./scan-mentions.js";

let temp: TempDir;
let registry: SkillRegistry;
let read: SkillTool;

/** A skill whose body and `references/guide.md` say which folder they are in. */
const writeMarked = (dir: string, name: string) => writeMarkedSkill(temp, dir, name);

beforeAll(async () => {
  temp = await createTempProject("skillset-uri-mentions-");
  await writeMarked("project/.agents/skills/alpha", "alpha");
  await writeMarked("home/.agents/skills/alpha", "alpha");
  await writeMarked("project/.agents/skills/dup", "dup");
  await writeMarked("project/.claude/skills/dup", "dup");
  await writeMarked("project/.agents/skills/spaced", "my spaced skill");
  registry = await openTempRegistry(temp);
  read = createSkillTools({ registry }).find((tool) => tool.name === "skill_read") as SkillTool;
});
afterAll(() => temp.cleanup());

const resolve = (text: string) => resolveMentions(text, registry.entries(), { source: "user" });

/** The one reference in `text`, checked to read what `skill_read` reads for the same URL. */
async function referenceAgreeingWithRead(uri: string) {
  const turn = resolve(`read ${uri} now`);
  expect(turn.diagnostics).toEqual([]);
  const [reference] = turn.references;
  expect(reference?.mention.raw).toBe(uri);
  const skill = reference?.skill;
  expect(skill, uri).toBeDefined();
  if (!reference || !skill) throw new Error(`no skill for ${uri}`);
  const byTool = await read.handler({ uri });
  expect(byTool.isError, byTool.text).toBe(false);
  const file = await readSkillFile(skill, reference.segments);
  expect(file.kind === "text" && file.text).toBe(byTool.text);
  return { reference, text: byTool.text };
}

describe("skill:// in messages, as the loader reads it", () => {
  it("scans a percent-encoded name and an exact name whole", () => {
    expect(scanMentions("see skill://my%20spaced%20skill/references/guide.md.")).toEqual([
      {
        kind: "uri",
        id: "my%20spaced%20skill",
        relativePath: "references/guide.md",
        start: 4,
        end: 51,
        raw: "skill://my%20spaced%20skill/references/guide.md",
      },
    ]);
    expect(scanMentions("(skill://alpha@user-0123abcd), skill://pdf.").map((found) => found.id)).toEqual([
      "alpha@user-0123abcd",
      "pdf",
    ]);
  });

  it("decodes a percent-encoded name: the reference and a link mean that skill", async () => {
    const { reference, text } = await referenceAgreeingWithRead(
      "skill://my%20spaced%20skill/references/guide.md",
    );
    expect(reference).toMatchObject({ name: "my spaced skill", segments: ["references", "guide.md"] });
    expect(text).toBe("GUIDE OF project/.agents/skills/spaced\n");
    const linked = resolve("[$spaced](skill://my%20spaced%20skill) go");
    expect(linked.activations.map(({ skill }) => skill.dir)).toEqual([
      temp.join("project/.agents/skills/spaced"),
    ]);
  });

  it("reads alpha@user as the shadowed user skill, not the project's alpha", async () => {
    const { reference, text } = await referenceAgreeingWithRead("skill://alpha@user/references/guide.md");
    expect(reference.skill?.scope).toBe("user");
    expect(text).toBe("GUIDE OF home/.agents/skills/alpha\n");
    const linked = resolve("[$alpha](skill://alpha@user/SKILL.md) go");
    expect(linked.diagnostics).toEqual([]);
    expect(linked.activations.map(({ skill }) => skill.dir)).toEqual([
      temp.join("home/.agents/skills/alpha"),
    ]);
  });

  it("reads each ambiguous skill by its exact name; the bare scope form stays ambiguous", async () => {
    for (const entry of registry.entries().filter(({ skill }) => skill.name === "dup")) {
      const exact = exactSkillName(entry.skill, registry.entries());
      expect(exact).toMatch(/^dup@repo-[0-9a-f]{8}$/);
      const { reference } = await referenceAgreeingWithRead(`skill://${exact}/references/guide.md`);
      expect(reference.skill?.id).toBe(entry.skill.id);
    }
    expect(resolve("read skill://dup@repo/references/guide.md").references[0]?.skill).toBeUndefined();
  });

  it("still refuses an encoded separator or '..' in the path, in a reference and in a link", () => {
    for (const uri of ["skill://alpha/references%2fguide.md", "skill://alpha/references%2F..%2F..%2Fx"]) {
      const turn = resolve(`read ${uri} now`);
      expect(turn.references, uri).toEqual([]);
      expect(
        turn.diagnostics.map(({ code }) => code),
        uri,
      ).toEqual(["skill-uri-refused"]);
      const linked = resolve(`[$alpha](${uri}) go`);
      expect(linked.activations, uri).toEqual([]);
      expect(linked.diagnostics.map(({ code }) => code)).toEqual(["mention-link-invalid"]);
      expect(linked.diagnostics[0]?.message).toContain("encoded path separators are not allowed");
    }
  });
});
