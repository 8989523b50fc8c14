import { describe, expect, it } from "vitest";
import { parseSkillText, readFrontmatter } from "./parse-skill-text.js";

const path = "/skills/pdf/SKILL.md";
const codes = (text: string, mode: "lenient" | "strict" = "lenient") =>
  parseSkillText(text, { path, mode }).diagnostics.map((d) => `${d.severity}:${d.code}`);

describe("parseSkillText", () => {
  it("loads a valid skill with normalised description, invocation and lines", () => {
    const text = "---\nname: pdf\ndescription: |\n  Fill PDF forms.\n  Use when   asked.\n---\n\n# PDF\n";
    const { skill, diagnostics, document } = parseSkillText(text, { path, mtimeMs: 5, size: 99 });
    expect(diagnostics).toEqual([]);
    expect(skill).toEqual({
      name: "pdf",
      description: "Fill PDF forms. Use when asked.",
      frontmatter: {
        name: "pdf",
        description: "Fill PDF forms.\nUse when   asked.\n",
        extra: {},
        raw: expect.any(Object),
      },
      invocation: { model: true, user: true },
      path,
      dir: "/skills/pdf",
      bodyLine: 7,
      mtimeMs: 5,
      size: 99,
      diagnostics,
    });
    expect(document).toMatchObject({
      hasFrontmatter: true,
      yamlLine: 2,
      bodyLine: 7,
      body: "\n# PDF\n",
      keyLines: { name: 2, description: 3 },
    });
  });

  it("computes invocation from the frontmatter and Codex policy", () => {
    const text = (extra: string) => `---\nname: pdf\ndescription: d\n${extra}---\n`;
    expect(parseSkillText(text("disable-model-invocation: true\n"), { path }).skill?.invocation).toEqual({
      model: false,
      user: true,
    });
    expect(parseSkillText(text("user-invocable: false\n"), { path }).skill?.invocation).toEqual({
      model: true,
      user: false,
    });
    const openai = { policy: { allowImplicitInvocation: false } };
    const skill = parseSkillText(text(""), { path, openai }).skill;
    expect(skill?.invocation).toEqual({ model: false, user: true });
    expect(skill?.openai).toBe(openai);
  });

  it("loads a file without frontmatter in lenient mode from the folder name and first paragraph", () => {
    const { skill, diagnostics, document } = parseSkillText("# Canvas Skill\n\nDisplay HTML content.\n", {
      path: "/s/canvas/SKILL.md",
    });
    expect(skill).toMatchObject({ name: "canvas", description: "Display HTML content.", bodyLine: 1 });
    expect(diagnostics.map((d) => d.code)).toEqual(["missing-frontmatter"]);
    expect(document).toMatchObject({
      hasFrontmatter: false,
      body: "# Canvas Skill\n\nDisplay HTML content.\n",
    });
  });

  it("refuses a file without frontmatter in strict mode", () => {
    expect(codes("# Canvas Skill\n\nDisplay HTML content.\n", "strict")).toEqual([
      "error:missing-frontmatter",
    ]);
  });

  it("reports a path-only file (a checked-out symbolic link) as an error", () => {
    const result = parseSkillText("../../../marketing-skill/campaign-analytics/SKILL.md\n", { path });
    expect(result.skill).toBeUndefined();
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: "error", code: "link-stub" })]);
  });

  it("reads frontmatter that lost its opening line", () => {
    const { skill, diagnostics } = parseSkillText("name: pdf\ndescription: Fill forms.\n\n---\n\n# PDF\n", {
      path,
    });
    expect(skill).toMatchObject({ name: "pdf", description: "Fill forms.", bodyLine: 5 });
    expect(diagnostics.map((d) => d.code)).toEqual(["frontmatter-missing-open"]);
    expect(codes("name: pdf\ndescription: Fill forms.\n\n---\n", "strict")).toEqual([
      "error:missing-frontmatter",
    ]);
  });

  it("uses the folder name when name is missing (lenient) and refuses in strict mode", () => {
    const text = "---\ndescription: Fill forms.\n---\n";
    const { skill } = parseSkillText(text, { path });
    expect(skill?.name).toBe("pdf");
    expect(codes(text)).toEqual(["warning:missing-name"]);
    expect(codes(text, "strict")).toEqual(["error:missing-name"]);
  });

  it("offers a valid name for a folder whose name is not one, in both modes", () => {
    const text = "---\ndescription: Fill forms.\n---\n";
    const upper = { path: "/skills/Upper_Dir/SKILL.md" };
    expect(parseSkillText(text, upper).diagnostics.map((found) => found.message)).toEqual([
      "/skills/Upper_Dir/SKILL.md: `name` is missing; the folder name \"Upper_Dir\" is used. Add `name: upper-dir` to the frontmatter and rename the folder to upper-dir (a skill's name is lowercase letters, digits and hyphens, and its folder's name).",
    ]);
    expect(parseSkillText(text, { ...upper, mode: "strict" }).diagnostics[0]?.message).toBe(
      "/skills/Upper_Dir/SKILL.md: `name` is missing. Add `name: upper-dir` to the frontmatter and rename the folder to upper-dir (a skill's name is lowercase letters, digits and hyphens, and its folder's name).",
    );
    expect(parseSkillText(text, { path }).diagnostics[0]?.message).toBe(
      '/skills/pdf/SKILL.md: `name` is missing; the folder name "pdf" is used. Add `name: pdf` to the frontmatter.',
    );
    expect(parseSkillText(text, { path, mode: "strict" }).diagnostics[0]?.message).toBe(
      "/skills/pdf/SKILL.md: `name` is missing. Add `name: pdf` to the frontmatter.",
    );
  });

  it("does not load a skill without a description, and explains a comment-eaten one", () => {
    expect(codes("---\nname: pdf\n---\nBody\n")).toEqual(["error:missing-description"]);
    expect(codes("---\nname: pdf\ndescription: '  '\n---\n")).toEqual(["error:missing-description"]);
    const eaten = parseSkillText("---\nname: pdf\ndescription: # PDF tools\n---\n", { path });
    expect(eaten.skill).toBeUndefined();
    expect(eaten.diagnostics[0]).toMatchObject({
      code: "missing-description",
      line: 3,
      field: "description",
    });
    expect(eaten.diagnostics[0]?.message).toContain("YAML comment");
    // Not loaded: no warning saying it was loaded with the folder name (the error names the missing frontmatter).
    expect(codes("")).toEqual(["error:missing-description"]);
    expect(codes("\n  \n")).toEqual(["error:missing-description"]);
  });

  it("loads spec-rule breaks with warnings in lenient mode only", () => {
    const text = `---\nname: My_PDF\ndescription: ${"x".repeat(1100)}\n---\n`;
    expect(codes(text)).toEqual([
      "warning:name-uppercase",
      "warning:name-invalid-characters",
      "warning:name-directory-mismatch",
      "warning:description-too-long",
    ]);
    expect(parseSkillText(text, { path }).skill?.name).toBe("My_PDF");
    expect(codes(text, "strict")).toEqual([]);
  });

  it("reports structural errors without loading", () => {
    expect(codes("---\nname: pdf\n")).toEqual(["error:frontmatter-unterminated"]);
    expect(codes(`---\n${"k: v\n".repeat(20_000)}---\n`)).toEqual(["error:frontmatter-too-large"]);
    expect(codes("---\n- a\n---\n")).toEqual(["error:frontmatter-not-mapping"]);
    expect(codes("---\ndescription: [oops\n---\n")).toEqual(["error:yaml-invalid"]);
  });

  it("repairs broken YAML in lenient mode and refuses it in strict mode", () => {
    const text = "---\nname: pdf\ndescription: Use when: the user asks\n---\n";
    expect(parseSkillText(text, { path }).skill?.description).toBe("Use when: the user asks");
    expect(parseSkillText(text, { path }).document.repaired).toBe(true);
    expect(codes(text)).toEqual(["warning:yaml-repaired"]);
    expect(codes(text, "strict")).toEqual(["error:yaml-invalid"]);
  });

  it("keeps the raw mapping and key lines for validators even when the skill does not load", () => {
    const { skill, document } = parseSkillText("---\nname: pdf\nfoo: 1\n---\n", { path, mode: "strict" });
    expect(skill).toBeUndefined();
    expect(document.raw).toEqual({ name: "pdf", foo: 1 });
    expect(document.keyLines).toEqual({ name: 2, foo: 3 });
  });

  it("defaults size to the UTF-8 length of the text", () => {
    expect(parseSkillText("---\nname: pdf\ndescription: é\n---\n", { path }).skill?.size).toBe(34);
  });
});

describe("readFrontmatter", () => {
  it("gives the frontmatter parseSkillText's document holds, whatever the file's shape", () => {
    const texts = [
      "---\nname: pdf\ndescription: Fill PDF forms.\nallowed-tools: Bash\n---\n# Body\n",
      "---\r\nname: crlf\r\ndescription: Windows lines.\r\n---\r\n",
      "---\rname: mac\rdescription: Old Mac lines.\r---\r",
      "name: unopened\ndescription: Lost its opening line.\n---\nBody\n",
      "No frontmatter at all.\n",
      "---\nname: open\ndescription: never closed\n",
      "---\nname: [broken\ndescription: repaired: yes\n---\n",
      "---\n- a list\n---\n",
      "",
    ];
    for (const text of texts) {
      const path = "/skills/s/SKILL.md";
      expect(readFrontmatter(text, path)).toEqual(parseSkillText(text, { path }).document.frontmatter);
    }
    expect(readFrontmatter(texts[0]!, "/s/SKILL.md")).toMatchObject({ name: "pdf", allowedTools: ["Bash"] });
  });
});
