/**
 * Entries keep digests by file stamp (SPEC §13, SEP-2640): listing again hashes nothing that did not change,
 * a changed file is hashed again and its entry carries the new digest, and the manifest holds every file,
 * SKILL.md included, with its size.
 */
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { createTempProject, openTempRegistry, type TempDir } from "@skillset/core/test";
import { afterEach, describe, expect, it } from "vitest";
import { createSkillEntries } from "./skill-entries.js";

let temp: TempDir | undefined;
afterEach(async () => {
  await temp?.cleanup();
  temp = undefined;
});

describe("createSkillEntries", () => {
  it("hashes each file once while it is unchanged, and again after it changes", async () => {
    temp = await createTempProject("skillset-mcp-entries-");
    await temp.writeSkill("project/.agents/skills/pdf", { name: "pdf", description: "PDF forms" }, "Body.\n");
    await temp.write({
      "project/.agents/skills/pdf/references/forms.md": "# Forms\n",
      "project/.agents/skills/pdf/.hidden": "not served\n",
    });
    const registry = await openTempRegistry(temp);
    const skill = registry.entries().find((entry) => entry.skill.name === "pdf")?.skill;
    if (skill === undefined) throw new Error("pdf not found");
    const entries = createSkillEntries({ onDiagnostic: () => {} });

    const first = await entries.build(skill, ["pdf"]);
    if (!first.ok) throw new Error(first.reason);
    expect(entries.hashed).toBe(2);
    expect(first.entry.resources).toEqual([
      {
        uri: "skill://pdf/SKILL.md",
        digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
        size: expect.any(Number),
      },
      { uri: "skill://pdf/references/forms.md", digest: expect.any(String), size: 8 },
    ]);

    await entries.build(skill, ["pdf"]);
    expect(entries.hashed).toBe(2);

    const forms = temp.join("project/.agents/skills/pdf/references/forms.md");
    await writeFile(forms, "# Forms, longer now\n");
    const again = await entries.build(skill, ["pdf"]);
    if (!again.ok) throw new Error(again.reason);
    expect(entries.hashed).toBe(3);
    const digest = `sha256:${createHash("sha256")
      .update(await readFile(forms))
      .digest("hex")}`;
    expect(again.entry.resources).toContainEqual({
      uri: "skill://pdf/references/forms.md",
      digest,
      size: 20,
    });
  });
});
