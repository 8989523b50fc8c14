import { describe, expect, it } from "vitest";
import { pathKey } from "../registry/skill-lookup.js";
import { resolveLinkTarget } from "./resolve-link-target.js";

describe("resolveLinkTarget", () => {
  it("reads absolute, relative, encoded and file:// paths", () => {
    expect(resolveLinkTarget("/a/b/SKILL.md")).toEqual({ kind: "path", path: "/a/b/SKILL.md" });
    expect(resolveLinkTarget("b/SKILL.md", "/a")).toEqual({ kind: "path", path: "/a/b/SKILL.md" });
    expect(resolveLinkTarget("../x", "/a/b")).toEqual({ kind: "path", path: "/a/x" });
    expect(resolveLinkTarget("/my%20skills/x")).toEqual({ kind: "path", path: "/my skills/x" });
    expect(resolveLinkTarget("file:///my%20skills/x")).toEqual({ kind: "path", path: "/my skills/x" });
  });

  it("reads skill://name targets as names", () => {
    expect(resolveLinkTarget("skill://pdf")).toEqual({ kind: "name", id: "pdf" });
    expect(resolveLinkTarget("skill://docs:pdf/references/a.md")).toEqual({ kind: "name", id: "docs:pdf" });
  });

  it("is invalid for relative paths without a cwd and for broken URLs, without throwing", () => {
    expect(resolveLinkTarget("b/SKILL.md")).toEqual({ kind: "invalid" });
    expect(resolveLinkTarget("skill://")).toMatchObject({ kind: "invalid" });
    expect(resolveLinkTarget("file://host/x")).toMatchObject({ kind: expect.any(String) });
    expect(resolveLinkTarget("/bad%E0%A4%A")).toEqual({ kind: "path", path: "/bad%E0%A4%A" });
    expect(() => resolveLinkTarget("\ud800/%")).not.toThrow();
  });
});

describe("pathKey", () => {
  it.each([
    ["/a/b", "/a/b"],
    ["/a/b/", "/a/b"],
    ["/a//b", "/a/b"],
    ["/a/./b", "/a/b"],
    ["/a/x/../b", "/a/b"],
    ["/a/.agents/b", "/a/.agents/b"],
    ["/a/b/.", "/a/b"],
    ["/", "/"],
  ])("%s → %s", (path, key) => {
    expect(pathKey(path)).toBe(key);
  });
});
