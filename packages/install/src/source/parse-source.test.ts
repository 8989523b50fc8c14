import { describe, expect, it } from "vitest";
import { parseSource } from "./parse-source.js";

const options = {
  cwd: "/work/project",
  base: "/work/project",
  env: { HOME: "/home/me", SKILLSET_GITHUB_URL: "file:///mirror" },
  isFolder: (path: string) => path === "/work/project/skills" || path === "/work/shared",
};
const parse = (source: string) => parseSource(source, options);

describe("parseSource", () => {
  it.each([
    ["./skills", { type: "local", source: "skills", location: "/work/project/skills" }],
    ["skills", { type: "local", source: "skills", location: "/work/project/skills" }],
    ["../shared", { type: "local", source: "../shared", location: "/work/shared" }],
    ["https://host.test/team/repo.git", { type: "git", location: "https://host.test/team/repo.git" }],
    [
      "https://host.test/team/repo.git#v2",
      { type: "git", location: "https://host.test/team/repo.git", ref: "v2" },
    ],
    [
      "https://host.test/team/repo.git@main",
      { type: "git", location: "https://host.test/team/repo.git", ref: "main" },
    ],
    ["git@host.test:team/repo.git", { type: "git", location: "git@host.test:team/repo.git" }],
    ["git@host.test:team/repo.git@v1", { type: "git", location: "git@host.test:team/repo.git", ref: "v1" }],
    [
      "ssh://git@host.test/team/repo.git#dev",
      { type: "git", location: "ssh://git@host.test/team/repo.git", ref: "dev" },
    ],
    ["file:///srv/repo.git@v1", { type: "git", location: "file:///srv/repo.git", ref: "v1" }],
    ["git+https://host.test/team/repo", { type: "git", location: "https://host.test/team/repo" }],
    ["owner/repo", { type: "github", source: "owner/repo", location: "file:///mirror/owner/repo.git" }],
    [
      "owner/repo/skills/pdf@v3",
      {
        type: "github",
        source: "owner/repo/skills/pdf",
        location: "file:///mirror/owner/repo.git",
        subpath: "skills/pdf",
        ref: "v3",
      },
    ],
    ["https://host.test/a/skills.tar.gz", { type: "archive", location: "https://host.test/a/skills.tar.gz" }],
    ["https://host.test/a/skills.zip", { type: "archive" }],
    ["https://docs.host.test", { type: "well-known", location: "https://docs.host.test" }],
    // A code host's web address of a repository is the repository, as in vercel's CLI (issue 23).
    [
      "https://github.com/o/r/tree/main/skills/pdf",
      {
        type: "github",
        source: "o/r/skills/pdf",
        location: "https://github.com/o/r.git",
        ref: "main",
        subpath: "skills/pdf",
      },
    ],
    ["https://github.com/o/r", { type: "github", source: "o/r", location: "https://github.com/o/r.git" }],
    ["https://github.com/o/r/tree/v2", { type: "github", location: "https://github.com/o/r.git", ref: "v2" }],
    [
      "https://gitlab.com/g/r/-/tree/dev/skills/a",
      { type: "git", location: "https://gitlab.com/g/r.git", ref: "dev", subpath: "skills/a" },
    ],
  ])("%s", (source, expected) => {
    expect(parse(source)).toMatchObject(expected);
  });

  it("refuses what it cannot read, listing the forms", () => {
    expect(() => parse("just words")).toThrow(/Unknown source "just words"\. Use a folder/);
    expect(() => parse("./nope")).toThrow(/No folder at \/work\/project\/nope/);
  });
});
