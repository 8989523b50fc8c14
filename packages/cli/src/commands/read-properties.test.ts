import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCliCaptured } from "../testing/index.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-read-properties-");
});
afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.path, env: { NO_COLOR: "1" }, replaceTemp: temp.path });

describe("skillset read-properties", () => {
  it("prints the frontmatter as JSON, keys as written, two-space indent", async () => {
    await temp.write({
      "pdf/SKILL.md": [
        "---",
        "name: pdf",
        "description: Use when filling PDF forms.",
        "license: MIT",
        "allowed-tools: Bash(python:*) Read",
        "metadata:",
        "  author: me",
        '  version: "1.0"',
        "---",
        "Body",
      ].join("\n"),
    });
    const result = await cli("read-properties", "pdf");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatchInlineSnapshot(`
      "{
        "name": "pdf",
        "description": "Use when filling PDF forms.",
        "license": "MIT",
        "allowed-tools": "Bash(python:*) Read",
        "metadata": {
          "author": "me",
          "version": "1.0"
        }
      }
      "
    `);
  });

  it("accepts the SKILL.md path and a repaired description", async () => {
    await temp.write({ "pdf/SKILL.md": "---\nname: pdf\ndescription: Use when: a PDF arrives\n---\n" });
    const result = await cli("read-properties", "pdf/SKILL.md");
    expect(JSON.parse(result.stdout)).toEqual({ name: "pdf", description: "Use when: a PDF arrives" });
  });

  it.each([
    ["a missing path", {}, "nope", "Path does not exist: <tmp>/nope"],
    [
      "a folder without SKILL.md",
      { "empty/x.txt": "" },
      "empty",
      "Missing required file: SKILL.md in <tmp>/empty",
    ],
    [
      "no frontmatter",
      { "pdf/SKILL.md": "# PDF\n" },
      "pdf",
      "SKILL.md must start with YAML frontmatter (---)",
    ],
    [
      "no description",
      { "pdf/SKILL.md": "---\nname: pdf\n---\n" },
      "pdf",
      "Missing required field in frontmatter: description",
    ],
    [
      "a binary file",
      { "pdf/SKILL.md": new Uint8Array([0, 1, 2]) },
      "pdf",
      "<tmp>/pdf/SKILL.md contains a NUL byte",
    ],
  ])("fails with exit 1 on %s", async (_, files, path, phrase) => {
    await temp.write(files as Record<string, string | Uint8Array>);
    const result = await cli("read-properties", path);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.split("\n").filter(Boolean)).toHaveLength(1);
    expect(result.stderr).toContain(phrase);
  });

  it("needs exactly one path", async () => {
    expect((await cli("read-properties")).code).toBe(2);
  });
});
