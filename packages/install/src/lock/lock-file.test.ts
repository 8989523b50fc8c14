import { describe, expect, it } from "vitest";
import { parseLock, renderLock, skillFolderOfPath } from "./lock-file.js";

/** A lock as vercel's CLI 1.7.4 writes it, with fields of other tools at the top and in entries. */
const vercelLock = `{
  "version": 1,
  "skills": {
    "pdf": {
      "source": "file:///work/src.git",
      "sourceUrl": "file:///work/src.git",
      "ref": "main",
      "sourceType": "git",
      "skillPath": "skills/pdf/SKILL.md",
      "computedHash": "9c908c8d8cc9e4422ab94d71a4b5e21fcec7b64d52e930e218772589c0c36b2c",
      "via": "skills-sync",
      "subagents": [
        "",
        "review"
      ],
      "weight": 1.0,
      "note": "caf\\u00e9"
    },
    "root-skill": {
      "source": "acme/one",
      "sourceType": "github",
      "skillPath": "SKILL.md",
      "computedHash": "00"
    }
  },
  "generator": {
    "name": "other-tool",
    "serial": 12345678901234567890
  }
}
`;

describe("skills-lock.json, field for field as vercel writes it (SPEC §14)", () => {
  it("reads and writes vercel's lock byte for byte, other tools' fields included", () => {
    const { lock } = parseLock(vercelLock);
    expect(lock?.skills.pdf).toMatchObject({
      sourceUrl: "file:///work/src.git",
      skillPath: "skills/pdf",
      computedHash: "9c908c8d8cc9e4422ab94d71a4b5e21fcec7b64d52e930e218772589c0c36b2c",
    });
    expect(lock?.skills["root-skill"]?.skillPath).toBe(".");
    // Unknown fields are not made the entry's own (the entry holds only what skillset knows).
    expect(Object.keys(lock!.skills.pdf!)).not.toContain("via");
    expect(renderLock(lock!)).toBe(vercelLock);
  });

  it("keeps the top-level fields where they were", () => {
    const text = `{\n  "$schema": "https://example.org/lock.json",\n  "version": 1,\n  "skills": {}\n}\n`;
    expect(renderLock(parseLock(text).lock!)).toBe(text);
  });

  it("reads skillPath in both forms and writes vercel's", () => {
    expect(["skills/pdf", "skills/pdf/SKILL.md"].map(skillFolderOfPath)).toEqual([
      "skills/pdf",
      "skills/pdf",
    ]);
    expect(["SKILL.md", "./SKILL.md", "."].map(skillFolderOfPath)).toEqual([".", ".", "."]);
    const old = `{"version":1,"skills":{"a":{"source":"./src","sourceType":"local","skillPath":"a","computedHash":"1"}}}`;
    const { lock } = parseLock(old);
    expect(lock?.skills.a?.skillPath).toBe("a");
    expect(renderLock(lock!)).toContain('"skillPath": "a/SKILL.md"');
  });

  it("writes skillset's own fields after vercel's, in vercel's order", () => {
    const text = renderLock({
      version: 1,
      skills: {
        a: {
          source: "https://example.org/r.git",
          sourceType: "git",
          sourceUrl: "https://example.org/r.git",
          ref: "v1",
          skillPath: "skills/a",
          computedHash: "1",
          integrity: "sha256:2",
          resolved: "3",
          agents: ["claude"],
        },
      },
    });
    const keys = Object.keys(JSON.parse(text).skills.a);
    expect(keys).toEqual([
      "source",
      "sourceUrl",
      "ref",
      "sourceType",
      "skillPath",
      "computedHash",
      "integrity",
      "resolved",
      "agents",
    ]);
    expect(text).toContain('"agents": [\n        "claude"\n      ]');
  });

  it("refuses a known field of the wrong type, naming it", () => {
    const bad = `{"version":1,"skills":{"a":{"source":"x","sourceType":"git","sourceUrl":7,"computedHash":"1"}}}`;
    expect(parseLock(bad).problem).toBe(`skill "a": \`sourceUrl\` must be a string`);
  });
});
