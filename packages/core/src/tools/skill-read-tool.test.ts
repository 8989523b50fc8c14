import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempProject, openTempRegistry, type TempDir } from "../test/index.js";
import { createSkillTools } from "./create-skill-tools.js";
import type { SkillTool } from "./define-skill-tool.js";

const SECRET = "TOP-SECRET-CONTENT";
let temp: TempDir;
let read: SkillTool;
let load: SkillTool;

beforeAll(async () => {
  temp = await createTempProject("skillset-read-");
  const skills = "project/.agents/skills";
  await temp.write({
    "secret.txt": `${SECRET}\n`,
    "outside/linked/SKILL.md": "---\nname: linked\ndescription: Use when linked.\n---\nLinked body.\n",
    "outside/linked/notes.md": "linked notes\n",
    "outside/private.txt": `${SECRET}\n`,
    [`${skills}/pdf/references/tables.md`]: "# Tables\n",
    [`${skills}/pdf/image.png`]: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]),
    [`${skills}/pdf/big.txt`]: "x".repeat(300 * 1024),
    [`${skills}/pdf/my file.md`]: "spaced\n",
  });
  await temp.writeSkill(`${skills}/pdf`, { name: "pdf", description: "Use for PDF files." }, "PDF body.\n");
  symlinkSync(temp.join("secret.txt"), temp.join(skills, "pdf", "leak.txt"));
  symlinkSync(temp.join("project"), temp.join(skills, "pdf", "up"));
  symlinkSync(temp.join("references-ok"), temp.join(skills, "pdf", "dangling"));
  symlinkSync(temp.join(skills, "pdf", "references", "tables.md"), temp.join(skills, "pdf", "inner-link.md"));
  symlinkSync(temp.join("outside", "linked"), temp.join(skills, "linked"));
  execFileSync("mkfifo", [temp.join(skills, "pdf", "pipe")]);
  mkdirSync(temp.join(skills, "pdf", "empty"));
  writeFileSync(temp.join("outside", "linked", "escape-target"), SECRET);
  symlinkSync(temp.join("outside", "private.txt"), temp.join("outside", "linked", "private-link.txt"));
  // The linked skill folder lives outside the project on purpose: allow discovery to follow it.
  const tools = createSkillTools({ registry: await openTempRegistry(temp, { followExternalLinks: true }) });
  read = tools.find((tool) => tool.name === "skill_read") as SkillTool;
  load = tools.find((tool) => tool.name === "skill_load") as SkillTool;
});
afterAll(() => temp.cleanup());

async function readUri(uri: unknown) {
  const result = await read.handler({ uri });
  expect(result.text).not.toContain(SECRET);
  return result;
}

describe("skill_read: reading inside a skill", () => {
  it("reads SKILL.md and a file by relative path", async () => {
    expect((await readUri("skill://pdf")).text).toContain("PDF body.");
    const tables = await readUri("skill://pdf/references/tables.md");
    expect(tables).toMatchObject({
      isError: false,
      text: "# Tables\n",
      data: { mediaType: "text/markdown" },
    });
  });
  it("URL-decodes the path", async () => {
    expect((await readUri("skill://pdf/my%20file.md")).text).toBe("spaced\n");
  });
  it("follows a link that stays inside the skill", async () => {
    expect((await readUri("skill://pdf/inner-link.md")).text).toBe("# Tables\n");
  });
  it("lists a folder", async () => {
    const listing = await readUri("skill://pdf/references/");
    expect(listing.text).toContain("tables.md");
  });
  it("describes a binary file instead of dumping it", async () => {
    const image = await readUri("skill://pdf/image.png");
    expect(image).toMatchObject({ isError: false, data: { binary: true, mediaType: "image/png", size: 8 } });
    expect(image.text).toContain("binary file");
  });
  it("refuses a file over the size cap with a clear message", async () => {
    const big = await readUri("skill://pdf/big.txt");
    expect(big).toMatchObject({ isError: true, code: "file-too-large" });
    expect(big.text).toContain("limit");
  });
  it("says File not found, naming the path", async () => {
    const missing = await readUri("skill://pdf/references/nope.md");
    expect(missing).toMatchObject({ isError: true, code: "file-not-found" });
    expect(missing.text).toContain("File not found: skill://pdf/references/nope.md");
  });
  it("reads a symlinked skill folder by its real place", async () => {
    expect((await readUri("skill://linked/notes.md")).text).toBe("linked notes\n");
  });
});

describe("skill_read: the traversal suite", () => {
  const refusals: [string, string][] = [
    ["skill://pdf/../../../secret.txt", "path-refused"],
    ["skill://pdf/%2e%2e/%2e%2e/%2e%2e/%2e%2e/secret.txt", "path-refused"],
    ["skill://pdf/..%2f..%2f..%2f..%2fsecret.txt", "path-refused"],
    ["skill://pdf/references%2F..%2F..%2Fsecret.txt", "path-refused"],
    ["skill://pdf/tables.md%00.png", "path-refused"],
    ["skill://pdf//etc/passwd", "path-refused"],
    ["skill://pdf/C:/Windows/win.ini", "path-refused"],
    ["skill://pdf/..\\..\\secret.txt", "path-refused"],
    ["skill://pdf/references\\tables.md", "path-refused"],
    ["skill://pdf/%5c..%5csecret.txt", "path-refused"],
    ["skill://pdf/./references/tables.md", "path-refused"],
    ["skill://pdf/leak.txt", "path-refused"],
    ["skill://pdf/up/secret.txt", "path-refused"],
    ["skill://pdf/up", "path-refused"],
    ["skill://linked/private-link.txt", "path-refused"],
    ["skill://pdf/pipe", "not-a-file"],
    ["skill://pdf/dangling", "file-not-found"],
    ["skill://pdf/%E0%A4%A", "uri-invalid"],
    ["https://example.invalid/x", "uri-invalid"],
    ["/etc/passwd", "uri-invalid"],
    ["skill://", "uri-invalid"],
    ["skill:///etc/passwd", "uri-invalid"],
    ["not a url at all", "uri-invalid"],
  ];
  for (const [uri, code] of refusals) {
    it(`refuses ${uri} (${code})`, async () => {
      const result = await readUri(uri);
      expect(result).toMatchObject({ isError: true, code });
      expect(result.text.length).toBeGreaterThan(10);
    });
  }
  it("answers bad input shapes with an input error", async () => {
    expect(await readUri(42)).toMatchObject({ isError: true, code: "invalid-input" });
    expect(await read.handler(undefined)).toMatchObject({ isError: true, code: "invalid-input" });
  });
  it("refuses an unknown skill after one rescan, suggesting near names", async () => {
    const result = await readUri("skill://pdff/x.md");
    expect(result).toMatchObject({ isError: true, code: "skill-not-found", data: { suggestions: ["pdf"] } });
  });
});

describe("skill_load by path: only skills the registry knows", () => {
  const paths = [
    "../../secret.txt",
    "/etc/passwd",
    "%2e%2e/secret.txt",
    "..\\..\\secret.txt",
    "secret.txt\u0000SKILL.md",
  ];
  for (const path of paths) {
    it(`refuses ${JSON.stringify(path)}`, async () => {
      const result = await load.handler({ path });
      expect(result).toMatchObject({ isError: true, code: "skill-not-found" });
      expect(result.text).not.toContain(SECRET);
    });
  }
  it("refuses a file that is not a skill", async () => {
    const result = await load.handler({ path: temp.join("secret.txt") });
    expect(result).toMatchObject({ isError: true, code: "skill-not-found" });
    expect(result.text).not.toContain(SECRET);
  });
  it("loads a skill by the path of its SKILL.md and by its symlinked folder", async () => {
    const byFile = await load.handler({ path: temp.join("project/.agents/skills/pdf/SKILL.md") });
    expect(byFile).toMatchObject({ isError: false });
    expect(byFile.text).toContain("PDF body.");
    const linked = await load.handler({ path: temp.join("project/.agents/skills/linked") });
    expect(linked.text).toContain("Linked body.");
  });
});
