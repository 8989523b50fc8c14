import { renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { WalkLimits } from "../config/config-schema.js";
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import type { Root } from "../roots/root.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import type { FolderListings, KeptListing } from "./folder-listings.js";
import { walkRoot } from "./index.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-listings-");
});
afterEach(() => temp.cleanup());

const limits: WalkLimits = { maxDepth: 6, maxDirectories: 2000, maxEntries: 20000 };
const skill = (name: string) => `---\nname: ${name}\ndescription: Use when testing ${name}.\n---\nBody.\n`;

/** The node file system, counting `readdirSync` calls (its sync reads stay, so the walk stays synchronous). */
function countingFs(): { fs: FileSystem; listed: () => number; paths: string[] } {
  const paths: string[] = [];
  const fs = Object.create(nodeFileSystem) as FileSystem;
  for (const name of ["readdirSync", "statSync", "readHeadSync", "readFileSync", "readTextSync"] as const) {
    const own = (nodeFileSystem[name] as (...args: unknown[]) => unknown).bind(nodeFileSystem);
    Object.defineProperty(fs, name, {
      value: (...args: unknown[]) => {
        if (name === "readdirSync") paths.push(args[0] as string);
        return own(...args);
      },
    });
  }
  return { fs, listed: () => paths.length, paths };
}

/** Listings kept in a map, every stamp trusted (the registry's keeper refuses recent ones). */
function memoryListings(): FolderListings & { map: Map<string, KeptListing> } {
  const map = new Map<string, KeptListing>();
  return {
    map,
    get: (real) => map.get(real),
    set: (real, listing) => {
      if (listing === undefined) map.delete(real);
      else map.set(real, listing);
    },
  };
}

describe("folder listings kept between walks", () => {
  it("stat unchanged folders instead of listing them, and a changed tree walks as a fresh walk does", async () => {
    await temp.write({
      "root/alpha/SKILL.md": skill("alpha"),
      "root/alpha/scripts/run.sh": "",
      "root/beta/SKILL.md": skill("beta"),
      "root/beta/agents/openai.yaml": "interface: {}\n",
      "root/group/inner/SKILL.md": skill("inner"),
      "root/gamma/SKILL.md": skill("gamma"),
      "other/delta/SKILL.md": skill("delta"),
    });
    const root: Root = {
      path: temp.join("root"),
      scope: "repo",
      provider: "agents",
      distance: 0,
      followLinks: true,
    };
    const listings = memoryListings();
    const { fs, listed, paths } = countingFs();
    const fresh = () => walkRoot(root, { limits, fs: nodeFileSystem });
    expect(await walkRoot(root, { limits, fs, listings })).toEqual(await fresh());
    const first = listed();
    expect(listings.map.size).toBe(first);
    // Nothing changed: every folder is stat'ed, none listed.
    expect(await walkRoot(root, { limits, fs, listings })).toEqual(await fresh());
    expect(listed()).toBe(first);

    // Added, removed, renamed folders; an `agents` folder made; a SKILL.md deleted; a link to a folder.
    await temp.write({ "root/group/new/SKILL.md": skill("new"), "root/gamma/agents/openai.yaml": "" });
    rmSync(temp.join("root/alpha/SKILL.md"));
    renameSync(temp.join("root/beta"), temp.join("root/bravo"));
    symlinkSync(temp.join("other"), temp.join("root/linked"));
    const before = listed();
    const after = await walkRoot(root, { limits, fs, listings });
    expect(after).toEqual(await fresh());
    expect(after.files.map((file) => file.path.slice(temp.path.length + 1))).toEqual([
      "root/bravo/SKILL.md",
      "root/gamma/SKILL.md",
      "root/group/inner/SKILL.md",
      "root/group/new/SKILL.md",
      "root/linked/delta/SKILL.md",
    ]);
    expect(after.files.find((file) => file.path.endsWith("gamma/SKILL.md"))?.hasAgentsDir).toBe(true);
    // Listed again: the folders changed and the ones never seen; an untouched one is only stat'ed.
    const again = paths.slice(before).map((path) => path.slice(temp.path.length + 1));
    expect(again).toEqual(
      expect.arrayContaining(["root", "root/alpha", "root/gamma", "root/group", "root/group/new"]),
    );
    expect(again).not.toContain("root/group/inner");
    // A folder with a link is never kept: its link's target can change without touching it.
    expect(listings.map.has(temp.join("root"))).toBe(false);
    writeFileSync(temp.join("other/delta/SKILL.md"), skill("delta-2"));
    expect(await walkRoot(root, { limits, fs, listings })).toEqual(await fresh());
  });

  it("are not used by walks that search hidden folders", async () => {
    await temp.write({ "root/a/SKILL.md": skill("a"), "root/.hidden/b/SKILL.md": skill("b") });
    const root: Root = {
      path: temp.join("root"),
      scope: "repo",
      provider: "agents",
      distance: 0,
      followLinks: true,
    };
    const listings = memoryListings();
    await walkRoot(root, { limits, fs: nodeFileSystem, listings });
    const hidden = await walkRoot(root, { limits, fs: nodeFileSystem, listings, searchHidden: true });
    expect(hidden.files.map((file) => file.path.endsWith("b/SKILL.md"))).toContain(true);
  });
});
