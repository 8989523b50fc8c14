import { describe, expect, it } from "vitest";
import { splitToolList } from "./split-tool-list.js";

describe("splitToolList", () => {
  it("splits on spaces and commas but never inside parentheses", () => {
    expect(splitToolList("Bash(git status:*) Read")).toEqual(["Bash(git status:*)", "Read"]);
    expect(splitToolList("Read, Write,Edit  Bash(npm run *, npx *)")).toEqual([
      "Read",
      "Write",
      "Edit",
      "Bash(npm run *, npx *)",
    ]);
    expect(splitToolList("  ")).toEqual([]);
  });

  it("survives unbalanced parentheses", () => {
    expect(splitToolList("Bash(git a) b)) Read")).toEqual(["Bash(git a)", "b))", "Read"]);
    expect(splitToolList("Bash(git a b")).toEqual(["Bash(git a b"]);
  });
});
