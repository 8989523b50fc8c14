import { readdirSync } from "node:fs";
import { symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { syncReads } from "../fs/sync-reads.js";
import { corpusDir, hasCorpus, NEEDS_CORPUS } from "../test/corpus.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { validatePaths } from "./validate-paths.js";
import { validateSkillDir, validateSkillFile } from "./validate-skill.js";
import { summarizeReports } from "./validation-report.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(async () => {
  await temp.cleanup();
});

const description = "Fill PDF forms. Use when the user asks to fill a PDF.";
const codes = (report: { diagnostics: { code: string }[] }) => report.diagnostics.map((d) => d.code);

/**
 * The node file system with every file read denied (EACCES): with synchronous reads that deny too, or
 * spread into a plain object, which drops the node file system's non-enumerable synchronous reads.
 */
function denyingReads(withSyncReads: boolean): FileSystem {
  const denied = (path: string) =>
    Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: "EACCES" });
  const deny = async (path: string): Promise<never> => {
    throw denied(path);
  };
  const fs: FileSystem = { ...nodeFileSystem, readFile: deny, readHead: deny, readText: deny };
  if (!withSyncReads) return fs;
  const node = syncReads(nodeFileSystem)!;
  const refuse = (path: string): never => {
    throw denied(path);
  };
  return Object.assign(fs, {
    readdirSync: node.readdirSync,
    statSync: node.statSync,
    readHeadSync: refuse,
    readFileSync: refuse,
    readTextSync: refuse,
  });
}

/** Lists every file under the temp dir, to prove a command wrote nothing. */
function snapshotTree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
}

describe("validateSkillDir (strict)", () => {
  it("accepts a valid skill and names it", async () => {
    await temp.writeSkill("pdf", { name: "pdf", description });
    const report = await validateSkillDir(temp.join("pdf"));
    expect(report).toEqual({
      path: temp.join("pdf", "SKILL.md"),
      dir: temp.join("pdf"),
      name: "pdf",
      valid: true,
      diagnostics: [],
    });
  });

  it("accepts lowercase Chinese and Cyrillic names in matching folders, rejects uppercase Cyrillic", async () => {
    await temp.writeSkill("技能", { name: "技能", description });
    await temp.writeSkill("навык", { name: "навык", description });
    await temp.writeSkill("НАВЫК", { name: "НАВЫК", description });
    expect((await validateSkillDir(temp.join("技能"))).valid).toBe(true);
    expect((await validateSkillDir(temp.join("навык"))).valid).toBe(true);
    expect(codes(await validateSkillDir(temp.join("НАВЫК")))).toEqual(["name-uppercase"]);
  });

  it("accepts a name equal to its folder only after NFKC", async () => {
    // Folder with fullwidth letters, name in ASCII: equal after NFKC.
    await temp.writeSkill("ｐｄｆ-tools", { name: "pdf-tools", description });
    expect((await validateSkillDir(temp.join("ｐｄｆ-tools"))).diagnostics).toEqual([]);
  });

  it("reports unexpected fields, name and description problems with lines", async () => {
    await temp.writeSkill("pdf", { name: "Pdf", description: "d".repeat(1025), tags: "1", author: "me" });
    const report = await validateSkillDir(temp.join("pdf"));
    expect(report.valid).toBe(false);
    expect(report.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ["unexpected-fields", 5],
      ["name-uppercase", 2],
      ["name-directory-mismatch", 2],
      ["description-too-long", 3],
    ]);
  });

  it("requires frontmatter, in the reference's words", async () => {
    await temp.write({ "pdf/SKILL.md": "# PDF\n\nFill forms.\n" });
    const report = await validateSkillDir(temp.join("pdf"));
    expect(codes(report)).toEqual(["missing-frontmatter"]);
    expect(report.diagnostics[0]?.message).toContain("SKILL.md must start with YAML frontmatter (---)");
  });

  it("refuses YAML that only parses after repair", async () => {
    await temp.write({ "pdf/SKILL.md": "---\nname: pdf\ndescription: Use when: a PDF arrives\n---\n" });
    const strict = await validateSkillDir(temp.join("pdf"));
    expect(strict.valid).toBe(false);
    expect(codes(strict)).toEqual(["yaml-invalid"]);
    const lenient = await validateSkillDir(temp.join("pdf"), { mode: "lenient" });
    expect(lenient.valid).toBe(true);
    expect(codes(lenient)).toContain("yaml-repaired");
  });

  it("reports missing required fields once each", async () => {
    await temp.write({ "pdf/SKILL.md": "---\nlicense: MIT\n---\nBody\n" });
    const report = await validateSkillDir(temp.join("pdf"));
    expect(report.diagnostics.map((d) => d.message.split(".")[0])).toEqual([
      "Missing required field in frontmatter: name",
      "Missing required field in frontmatter: description",
    ]);
  });

  it("accepts a lowercase skill.md, and prefers SKILL.md when both exist", async () => {
    await temp.write({ "a/skill.md": `---\nname: a\ndescription: ${description}\n---\n` });
    const lower = await validateSkillDir(temp.join("a"));
    expect(lower).toMatchObject({ path: temp.join("a", "skill.md"), valid: true });
    await temp.write({
      "b/SKILL.md": `---\nname: b\ndescription: ${description}\n---\n`,
      "b/skill.md": "not even frontmatter",
    });
    const both = await validateSkillDir(temp.join("b"));
    expect(both).toMatchObject({ path: temp.join("b", "SKILL.md"), valid: true });
  });

  it("lenient mode reports what loading reports: warnings for tolerated spec breaks", async () => {
    await temp.writeSkill("pdf", { name: "other", description, author: "me" });
    const report = await validateSkillDir(temp.join("pdf"), { mode: "lenient" });
    expect(report.valid).toBe(true);
    expect(report.diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ["warning", "name-directory-mismatch"],
    ]);
  });
});

describe("bad input", () => {
  it("a folder without SKILL.md", async () => {
    await temp.write({ "empty/README.md": "hi" });
    const report = await validateSkillDir(temp.join("empty"));
    expect(report.valid).toBe(false);
    expect(report.diagnostics).toHaveLength(1);
    expect(report.diagnostics[0]).toMatchObject({ code: "missing-skill-file", path: temp.join("empty") });
    expect(report.diagnostics[0]?.message).toContain("Missing required file: SKILL.md");
    expect(report.diagnostics[0]?.message).toContain(temp.join("empty"));
  });

  it("a folder whose skill file is Skill.md: says to rename it, not to create one", async () => {
    await temp.write({ "mixed/Skill.md": "---\nname: mixed\ndescription: Use when mixed.\n---\n" });
    const report = await validateSkillDir(temp.join("mixed"));
    expect(report.valid).toBe(false);
    expect(report.diagnostics).toMatchObject([
      { code: "skill-file-case", path: temp.join("mixed/Skill.md") },
    ]);
    expect(report.diagnostics[0]?.message).toContain("Rename it to SKILL.md.");
  });

  it("a file where a folder was expected, and a missing path", async () => {
    await temp.write({ "notes.txt": "hi" });
    const file = await validateSkillDir(temp.join("notes.txt"));
    expect(file.diagnostics).toHaveLength(1);
    expect(file.diagnostics[0]?.message).toContain(`Not a directory: ${temp.join("notes.txt")}`);
    const missing = await validateSkillDir(temp.join("nope"));
    expect(missing.diagnostics.map((d) => d.message)).toEqual([`Path does not exist: ${temp.join("nope")}`]);
  });

  it.each([
    ["synchronous reads", true],
    ["asynchronous reads", false],
  ])("an unreadable file (EACCES), with %s", async (_, withSyncReads) => {
    await temp.writeSkill("pdf", { name: "pdf", description });
    const denied = denyingReads(withSyncReads);
    expect(syncReads(denied) !== undefined).toBe(withSyncReads);
    for (const report of [
      await validateSkillDir(temp.join("pdf"), { fs: denied }),
      ...(await validatePaths([temp.path], { fs: denied })),
    ]) {
      expect(report.valid).toBe(false);
      expect(report.diagnostics).toHaveLength(1);
      expect(report.diagnostics[0]?.code).toBe("file-unreadable");
      expect(report.diagnostics[0]?.message).toContain(temp.join("pdf", "SKILL.md"));
      expect(report.diagnostics[0]?.message).toContain("EACCES");
    }
  });

  it("invalid UTF-8 and a binary SKILL.md", async () => {
    await temp.write({
      "latin/SKILL.md": new Uint8Array([...Buffer.from("---\nname: caf"), 0xe9, ...Buffer.from("\n---\n")]),
      "binary/SKILL.md": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]),
    });
    const latin = await validateSkillDir(temp.join("latin"));
    expect(latin.diagnostics.map((d) => d.code)).toEqual(["encoding-invalid"]);
    expect(latin.diagnostics[0]?.message).toContain(temp.join("latin", "SKILL.md"));
    const binary = await validateSkillDir(temp.join("binary"));
    expect(binary.diagnostics.map((d) => d.code)).toEqual(["file-binary"]);
  });

  it("writes nothing", async () => {
    await temp.write({ "empty/x.txt": "", "latin/SKILL.md": new Uint8Array([0xff]) });
    const before = snapshotTree(temp.path);
    await validatePaths([temp.path, temp.join("nope"), temp.join("empty/x.txt")]);
    expect(snapshotTree(temp.path)).toEqual(before);
  });
});

describe("large files", () => {
  it("validates the frontmatter of a file with a long body (read only as far as needed)", async () => {
    await temp.write({
      "pdf/SKILL.md": `---\nname: pdf\ndescription: ${description}\n---\n${"Body line.\n".repeat(20_000)}`,
    });
    expect((await validateSkillDir(temp.join("pdf"))).diagnostics).toEqual([]);
  });

  it("refuses a SKILL.md over 8 MiB", async () => {
    await temp.write({
      "pdf/SKILL.md": `---\nname: pdf\ndescription: ${description}\n---\n${"x".repeat(8 * 1024 * 1024)}`,
    });
    expect(codes(await validateSkillDir(temp.join("pdf")))).toEqual(["file-too-large"]);
  });
});

describe("validateSkillFile", () => {
  it("validates a SKILL.md given directly", async () => {
    const path = await temp.writeSkill("pdf", { name: "pdf", description });
    expect((await validateSkillFile(path)).valid).toBe(true);
  });
});

describe("validatePaths", () => {
  it("checks every skill in a tree, hidden folders included, clean ones reported too", async () => {
    await temp.writeSkill(".agents/skills/pdf", { name: "pdf", description });
    await temp.writeSkill("plugins/x/skills/Bad", { name: "Bad", description });
    await temp.writeSkill("node_modules/dep/skill", { name: "skill", description });
    const reports = await validatePaths([temp.path]);
    expect(reports.map((r) => [r.path.slice(temp.path.length + 1), r.valid])).toEqual([
      [join(".agents/skills/pdf/SKILL.md"), true],
      [join("plugins/x/skills/Bad/SKILL.md"), false],
    ]);
  });

  it("follows folder links once: a loop ends and a linked skill is checked once", async () => {
    await temp.writeSkill("skills/pdf", { name: "pdf", description });
    await symlink(temp.join("skills"), temp.join("skills/pdf/loop"));
    await symlink(temp.join("skills/pdf"), temp.join("alias"));
    const reports = await validatePaths([temp.path]);
    expect(reports.map((r) => r.path.slice(temp.path.length + 1))).toEqual([join("alias/SKILL.md")]);
  });

  it("reports each unusable path once, after the skills", async () => {
    await temp.writeSkill("pdf", { name: "pdf", description });
    await temp.write({ "empty/x.txt": "" });
    const reports = await validatePaths([
      temp.join("pdf"),
      temp.join("pdf/SKILL.md"),
      temp.join("empty"),
      temp.join("x"),
    ]);
    expect(reports.map((r) => r.diagnostics.map((d) => d.code).join() || "ok")).toEqual([
      "ok",
      "missing-skill-file",
      "file-not-found",
    ]);
  });

  it.skipIf(!hasCorpus())(
    `pins the strict errors of the official skills in the corpus ${NEEDS_CORPUS}`,
    async () => {
      const reports = await validatePaths([join(corpusDir(), "official")], { mode: "strict" });
      const summary = summarizeReports(reports);
      const byCode: Record<string, number> = {};
      for (const finding of reports.flatMap((r) => r.diagnostics))
        byCode[finding.code] = (byCode[finding.code] ?? 0) + 1;
      expect({ summary, byCode }).toMatchInlineSnapshot(`
      {
        "byCode": {
          "description-too-long": 1,
          "name-directory-mismatch": 1,
        },
        "summary": {
          "errors": 2,
          "skills": 42,
          "warnings": 0,
        },
      }
    `);
    },
  );
});

describe("strict validation of a frontmatter that is not there or not closed", () => {
  it("one finding per problem, with a fix that is itself valid", async () => {
    await temp.write({
      "unclosed/SKILL.md": "---\nname: unclosed\ndescription: Use when x\n",
      "VERIFICATION-LOOP/SKILL.md": "Just text.\n",
    });
    const [unclosed] = await validatePaths([temp.join("unclosed")], { mode: "strict" });
    const codes = unclosed!.diagnostics.map((finding) => finding.code);
    expect(codes).toContain("frontmatter-unterminated");
    expect(codes).not.toContain("missing-frontmatter");
    const [upper] = await validatePaths([temp.join("VERIFICATION-LOOP")], { mode: "strict" });
    expect(upper!.diagnostics.find((finding) => finding.code === "missing-frontmatter")?.message).toContain(
      "name: verification-loop,",
    );
  });
});
