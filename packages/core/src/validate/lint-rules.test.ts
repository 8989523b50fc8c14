import { readFileSync } from "node:fs";
import { chmod } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../fs/node-file-system.js";
import type { Scope } from "../model/skill.js";
import { parseSkillText } from "../parser/index.js";
import { corpusDir, listSkillFiles } from "../test/corpus.js";
import { createTempDir, renderSkillFile, type TempDir } from "../test/temp-tree.js";
import type { LintRule, LintTarget } from "./lint-rule.js";
import { lintRules } from "./lint-rules.js";
import { lintSkills } from "./lint-skills.js";
import { allowedToolsForm } from "./rules/allowed-tools-form.js";
import { bodyTooLong } from "./rules/body-too-long.js";
import { descriptionSaysWhen, saysWhen } from "./rules/description-says-when.js";
import { duplicateName } from "./rules/duplicate-name.js";
import { hostCommandName } from "./rules/host-command-name.js";
import { missingReference } from "./rules/missing-reference.js";
import { noXmlTags } from "./rules/no-xml-tags.js";
import { referenceDepth } from "./rules/reference-depth.js";
import { reservedName } from "./rules/reserved-name.js";
import { scriptNotExecutable } from "./rules/script-not-executable.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(async () => {
  await temp.cleanup();
});

const goodDescription = "Fill PDF forms. Use when the user asks to fill in a PDF.";

/** Writes a skill and returns it as lint sees it. */
async function skill(
  dirName: string,
  fields: Record<string, unknown> = {},
  body = "Do the thing.\n",
  scope?: Scope,
): Promise<LintTarget> {
  const raw = { name: dirName.split("/").pop(), description: goodDescription, ...fields };
  const text = renderSkillFile(raw, body);
  await temp.write({ [`${dirName}/SKILL.md`]: text });
  const target: LintTarget = {
    path: temp.join(dirName, "SKILL.md"),
    dir: temp.join(dirName),
    name: String(raw.name),
    raw,
    body,
    bodyLine: Object.keys(raw).length + 4,
    keyLines: Object.fromEntries(Object.keys(raw).map((key, index) => [key, index + 2])),
  };
  if (scope) target.scope = scope;
  return target;
}

async function run(rule: LintRule, target: LintTarget, others: LintTarget[] = []) {
  const [result] = await lintSkills([target, ...others], { rules: [rule], fs: nodeFileSystem });
  for (const finding of result?.diagnostics ?? []) {
    expect(finding.code).toBe(rule.id);
    expect(finding.message.length).toBeGreaterThan(20);
  }
  return result?.diagnostics ?? [];
}

describe("lint rules", () => {
  it("each rule has an id, a severity, a summary and a one-line fix, and ids are unique", () => {
    const ids = lintRules.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of lintRules) {
      expect(rule.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(["error", "warning", "info"]).toContain(rule.severity);
      expect(rule.fix).not.toContain("\n");
      expect(rule.summary.length).toBeGreaterThan(10);
    }
  });

  it("a clean skill passes every rule", async () => {
    const [result] = await lintSkills([await skill("pdf-forms")]);
    expect(result?.diagnostics).toEqual([]);
  });

  it("a rule that throws becomes a lint-rule-failed error, and the others still run", async () => {
    const broken: LintRule = {
      ...reservedName,
      id: "broken",
      check: () => Promise.reject(new Error("boom")),
    };
    const [result] = await lintSkills([await skill("claude-x")], { rules: [broken, reservedName] });
    expect(result?.diagnostics.map((d) => d.code)).toEqual(["lint-rule-failed", "reserved-name"]);
  });
});

describe("description-says-when", () => {
  it("fires on a description that only lists features", async () => {
    const found = await run(descriptionSaysWhen, await skill("pdf", { description: "PDF form filler." }));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: "warning", field: "description", line: 3 });
  });

  it.each([
    "Fill PDF forms. Use when the user asks to fill a form.",
    "Guidance for writing commit messages.",
    "Triggers on requests to review a pull request.",
    "帮助用户提交 Bug Report。当用户说“这是个 bug”时触发。",
  ])("does not fire on %j", async (description) => {
    expect(await run(descriptionSaysWhen, await skill("pdf", { description }))).toEqual([]);
  });

  it("flags a minority of the public skills in the corpus, and almost none of the official ones", () => {
    const share = (folder: string) => {
      const descriptions = listSkillFiles(join(corpusDir(), folder)).flatMap((path) => {
        const description = parseSkillText(readFileSync(path, "utf8"), { path }).document.raw?.description;
        return typeof description === "string" ? [description] : [];
      });
      return descriptions.filter((description) => !saysWhen(description)).length / descriptions.length;
    };
    expect(share("wild")).toBeGreaterThan(0.1);
    expect(share("wild")).toBeLessThan(0.4);
    expect(share("official")).toBeLessThan(0.05);
  });
});

describe("no-xml-tags", () => {
  it("fires on tags in the description or the name", async () => {
    const found = await run(noXmlTags, await skill("pdf", { description: "Use when <example>x</example>." }));
    expect(found.map((d) => [d.severity, d.field])).toEqual([["error", "description"]]);
    expect(found[0]?.message).toContain("<example>");
  });

  it("does not fire on comparisons or arrows", async () => {
    expect(await run(noXmlTags, await skill("pdf", { description: "Use when a < b or x -> y." }))).toEqual(
      [],
    );
  });
});

describe("reserved-name", () => {
  it("fires on names containing anthropic or claude", async () => {
    expect(await run(reservedName, await skill("claude-helper"))).toHaveLength(1);
    expect((await run(reservedName, await skill("my-anthropic-tools")))[0]?.message).toContain("'anthropic'");
  });

  it("does not fire on other names", async () => {
    expect(await run(reservedName, await skill("clause-review"))).toEqual([]);
  });
});

describe("host-command-name", () => {
  it("fires on a built-in command name and on host-configured ones", async () => {
    expect(await run(hostCommandName, await skill("review"))).toHaveLength(1);
    const [result] = await lintSkills([await skill("deploy")], {
      rules: [hostCommandName],
      hostCommands: ["deploy"],
    });
    expect(result?.diagnostics).toHaveLength(1);
  });

  it("does not fire on a more specific name", async () => {
    expect(await run(hostCommandName, await skill("review-pull-request"))).toEqual([]);
  });
});

describe("body-too-long", () => {
  it("fires over 500 lines and over ~5000 tokens", async () => {
    expect(await run(bodyTooLong, await skill("a", {}, "line\n".repeat(501)))).toHaveLength(1);
    const [tokens] = await run(bodyTooLong, await skill("b", {}, "word ".repeat(4001)));
    expect(tokens?.message).toContain("tokens");
  });

  it("does not fire at 500 lines", async () => {
    expect(await run(bodyTooLong, await skill("a", {}, "line\n".repeat(500)))).toEqual([]);
  });
});

describe("missing-reference", () => {
  it("fires on links and bundled paths that do not exist, once each", async () => {
    const body = [
      "Read [forms](references/forms.md) and [api](references/api.md).",
      "Run `python scripts/fill.py` and again `scripts/fill.py`.",
    ].join("\n");
    const target = await skill("pdf", {}, body);
    await temp.write({ "pdf/references/api.md": "# API\n" });
    const found = await run(missingReference, target);
    expect(found.map((d) => [d.line, d.message.split(",")[0]])).toEqual([
      [6, "SKILL.md refers to references/forms.md"],
      [7, "SKILL.md refers to scripts/fill.py"],
    ]);
  });

  it("does not fire on existing files, URLs, or project paths in code", async () => {
    const body = "See [api](references/api.md), [web](https://x.y/z.md), and edit `src/index.ts`.";
    const target = await skill("pdf", {}, body);
    await temp.write({ "pdf/references/api.md": "# API\n" });
    expect(await run(missingReference, target)).toEqual([]);
  });
});

describe("reference-depth", () => {
  it("fires when a reference links on to a further file", async () => {
    const target = await skill("pdf", {}, "See [a](references/a.md).\n");
    await temp.write({
      "pdf/references/a.md": "# A\n\nDetails in [b](b.md).\n",
      "pdf/references/b.md": "# B\n",
    });
    const found = await run(referenceDepth, target);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ path: temp.join("pdf/references/a.md"), line: 3 });
    expect(found[0]?.message).toContain("references/b.md");
  });

  it("does not fire for links back to SKILL.md, to other direct references, or to the web", async () => {
    const target = await skill("pdf", {}, "See [a](references/a.md) and [b](references/b.md).\n");
    await temp.write({
      "pdf/references/a.md": "Back to [skill](../SKILL.md), see [b](b.md), [web](https://x.y).\n",
      "pdf/references/b.md": "# B\n",
    });
    expect(await run(referenceDepth, target)).toEqual([]);
  });
});

describe("script-not-executable", () => {
  it("fires on a script with a shebang and no run bit", async () => {
    const target = await skill("pdf");
    await temp.write({ "pdf/scripts/run.sh": "#!/bin/sh\necho hi\n" });
    await chmod(temp.join("pdf/scripts/run.sh"), 0o644);
    const found = await run(scriptNotExecutable, target);
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toContain("chmod +x scripts/run.sh");
  });

  it("does not fire on executable scripts or scripts without a shebang", async () => {
    const target = await skill("pdf");
    await temp.write({ "pdf/scripts/run.sh": "#!/bin/sh\n", "pdf/scripts/helper.py": "print(1)\n" });
    await chmod(temp.join("pdf/scripts/run.sh"), 0o755);
    await chmod(join(target.dir, "scripts/helper.py"), 0o644);
    expect(await run(scriptNotExecutable, target)).toEqual([]);
  });
});

describe("allowed-tools-form", () => {
  it.each([
    ["bash Read", "should be spelled Bash"],
    ["Bash git:*", "write Bash(git:*)"],
    ["Bash(git:* Read", "unbalanced parentheses"],
    ["read(file)", "should be spelled Read(file)"],
    ["Bash) Read", "unbalanced parentheses"],
  ])("fires on %j", async (tools, phrase) => {
    const found = await run(allowedToolsForm, await skill("pdf", { "allowed-tools": tools }));
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toContain(phrase);
    expect(found[0]?.field).toBe("allowed-tools");
  });

  it.each([
    "Bash(git status:*) Read Write",
    "Read, Grep, Glob",
    ["Bash(npm run *)", "mcp__github__create_issue"],
  ])("does not fire on %j", async (tools) => {
    expect(await run(allowedToolsForm, await skill("pdf", { "allowed-tools": tools }))).toEqual([]);
  });
});

describe("duplicate-name", () => {
  it("fires on each skill sharing a name, naming the other and its scope", async () => {
    const a = await skill("repo/pdf", {}, undefined, "repo");
    const b = await skill("user/pdf", {}, undefined, "user");
    const results = await lintSkills([a, b], { rules: [duplicateName] });
    expect(results.map((r) => r.diagnostics.length)).toEqual([1, 1]);
    expect(results[0]?.diagnostics[0]?.message).toContain("(user scope)");
  });

  it("does not fire on distinct names", async () => {
    const results = await lintSkills([await skill("pdf"), await skill("docx")], { rules: [duplicateName] });
    expect(results.flatMap((r) => r.diagnostics)).toEqual([]);
  });
});
