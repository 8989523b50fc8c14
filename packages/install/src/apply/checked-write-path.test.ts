import { mkdirSync, symlinkSync } from "node:fs";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkedWritePath } from "./checked-write-path.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-checked-");
  await temp.write({ "project/src/keep.md": "", "victim/data.md": "mine\n" });
});
afterEach(() => temp.cleanup());

const roots = () => [temp.join("project")];

describe("checkedWritePath", () => {
  it("passes real folders, missing ones and links that stay inside the project", () => {
    mkdirSync(temp.join("project/.agents/skills"), { recursive: true });
    symlinkSync("src", temp.join("project/linked"));
    for (const path of [".agents/skills/a", "not/yet/made", "linked/new", "skills-lock.json"])
      expect(checkedWritePath(temp.join(`project/${path}`), roots())).toBe(temp.join(`project/${path}`));
  });

  it.each([
    [".agents", "../victim", ".agents/skills/a"],
    [".agents/skills", "../../victim", ".agents/skills/a"],
    [".claude/skills", "../../victim", ".claude/skills/a"],
    [".agents/skills/a", "../../../victim", ".agents/skills/a"],
    [".agents/.skillset-staging", "../..", ".agents/.skillset-staging/x"],
    [".agents/skills", "/", ".agents/skills/a"],
    [".agents/skills", "../missing", ".agents/skills/a"],
  ])("refuses a link at %s to %s, naming it and the fix", (at, to, write) => {
    mkdirSync(temp.join(`project/${at}/..`), { recursive: true });
    symlinkSync(to, temp.join(`project/${at}`));
    expect(() => checkedWritePath(temp.join(`project/${write}`), roots())).toThrow(
      expect.objectContaining({
        code: "install-link-outside",
        message: expect.stringMatching(
          /Refused: .*project\/.*Remove that link, or replace it with a real folder/,
        ),
        path: temp.join(`project/${at}`),
      }),
    );
  });

  it("a link at the last component is allowed only when the caller replaces that entry itself", () => {
    mkdirSync(temp.join("project/.claude/skills"), { recursive: true });
    symlinkSync("../../../victim", temp.join("project/.claude/skills/a"));
    const path = temp.join("project/.claude/skills/a");
    expect(() => checkedWritePath(path, roots())).toThrow(/install-link-outside|Refused/);
    expect(checkedWritePath(path, roots(), { replacesLeaf: true })).toBe(path);
  });

  it("refuses a path in none of the roots, and uses the innermost root that holds it", () => {
    expect(() => checkedWritePath(temp.join("victim/data.md"), roots())).toThrow(
      expect.objectContaining({ code: "install-unsafe-path" }),
    );
    // The person's own skills folder may be their link elsewhere; below it, links may not leave it.
    mkdirSync(temp.join("home/.agents"), { recursive: true });
    symlinkSync(temp.join("victim"), temp.join("home/.agents/skills"));
    const userRoots = [temp.join("home/.agents"), temp.join("home/.agents/skills")];
    expect(checkedWritePath(temp.join("home/.agents/skills/a"), userRoots)).toBe(
      temp.join("home/.agents/skills/a"),
    );
  });
});
