import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createEnablement, type StateSkillRef } from "./enablement.js";
import type { SkillsetState } from "./state-schema.js";

const skill = (name: string, dir: string, namespace?: string): StateSkillRef => ({
  name,
  qualifiedName: namespace ? `${namespace}:${name}` : name,
  id: `/real${dir}/SKILL.md`,
  path: `${dir}/SKILL.md`,
});
const layer = (disabled: string[] = [], enabled: string[] = []): SkillsetState => ({
  version: 1,
  disabled,
  enabled,
});

const pdf = skill("pdf", "/repo/.agents/skills/pdf");
const pluginPdf = skill("pdf", "/plugins/acme/skills/pdf", "acme");
const docx = skill("docx", "/home/u/.agents/skills/docx");

describe("createEnablement", () => {
  it("enables everything by default", () => {
    const enablement = createEnablement([]);
    expect(enablement.isEnabled(pdf)).toBe(true);
    expect(enablement.disabledKeys).toEqual([]);
  });

  it.each([
    ["a bare name", "pdf", [false, true]],
    ["a qualified name", "acme:pdf", [true, false]],
    ["the SKILL.md path as found", "/repo/.agents/skills/pdf/SKILL.md", [false, true]],
    ["the real SKILL.md path (the id)", "/real/repo/.agents/skills/pdf/SKILL.md", [false, true]],
    ["the skill folder", "/plugins/acme/skills/pdf", [true, false]],
  ])("disables by %s", (_label, key, [pdfEnabled, pluginEnabled]) => {
    const enablement = createEnablement([layer([key])]);
    expect(enablement.isEnabled(pdf)).toBe(pdfEnabled);
    expect(enablement.isEnabled(pluginPdf)).toBe(pluginEnabled);
    expect(enablement.isEnabled(docx)).toBe(true);
  });

  it("lets a later layer re-enable what an earlier one disabled, and the other way round", () => {
    const user = layer(["pdf", "docx"]);
    const project = layer(["acme:pdf"], ["pdf"]);
    const enablement = createEnablement([user, project]);
    expect(enablement.isEnabled(pdf)).toBe(true);
    expect(enablement.isEnabled(docx)).toBe(false);
    expect(enablement.isEnabled(pluginPdf)).toBe(false);
    expect(enablement.disabledKeys).toEqual(["acme:pdf", "docx"]);
  });

  it("lets a path beat a name within a layer", () => {
    const other = skill("pdf", "/elsewhere/pdf");
    const enablement = createEnablement([layer(["pdf"], ["/repo/.agents/skills/pdf"])]);
    expect(enablement.isEnabled(pdf)).toBe(true);
    expect(enablement.isEnabled(other)).toBe(false);
  });

  it("lets a less specific key in a later layer override a path in an earlier one", () => {
    const enablement = createEnablement([layer(["/repo/.agents/skills/pdf"]), layer([], ["pdf"])]);
    expect(enablement.isEnabled(pdf)).toBe(true);
  });

  it("resolves a contradiction within one layer to disabled", () => {
    expect(createEnablement([layer(["pdf"], ["pdf"])]).isEnabled(pdf)).toBe(false);
  });
});

describe("a narrow-only layer (an untrusted project's state file, SPEC §11)", () => {
  it("keeps a skill the person disabled off, whatever it enables, and may switch others off", () => {
    const user = layer(["pdf"]);
    const project = layer(["docx"], ["pdf", pdf.id, "/real/repo/.agents/skills/pdf"]);
    const merged = createEnablement([user, project], { narrowOnly: new Set([1]) });
    expect(merged.isEnabled(pdf)).toBe(false);
    expect(merged.isEnabled(docx)).toBe(false);
    expect(merged.disabledKeys).toEqual(["docx", "pdf"]);
    expect(createEnablement([user, project]).isEnabled(pdf)).toBe(true);
  });

  it("property: merged with the person's layers, it never enables what their layers alone disable", () => {
    const skills = [pdf, pluginPdf, docx, skill("xlsx", "/repo/.agents/skills/xlsx")];
    const keys = fc.constantFrom(
      ...skills.flatMap((found) => [found.name, found.qualifiedName, found.id, found.path]),
      "/real/repo/.agents/skills/pdf",
      "/repo/.agents/skills",
    );
    const anyLayer = fc
      .record({ disabled: fc.array(keys, { maxLength: 4 }), enabled: fc.array(keys, { maxLength: 4 }) })
      .map(({ disabled, enabled }) => layer(disabled, enabled));
    fc.assert(
      fc.property(fc.array(anyLayer, { minLength: 1, maxLength: 2 }), anyLayer, (person, project) => {
        const alone = createEnablement(person);
        const merged = createEnablement([...person, project], { narrowOnly: new Set([person.length]) });
        for (const found of skills) if (merged.isEnabled(found)) expect(alone.isEnabled(found)).toBe(true);
        for (const key of alone.disabledKeys) expect(merged.disabledKeys).toContain(key);
      }),
      { numRuns: 500 },
    );
  });
});
