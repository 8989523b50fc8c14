import { createHash } from "node:crypto";
import { lstatSync, symlinkSync } from "node:fs";
import { basename } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { createTempDir, type TempDir } from "../test/index.js";
import {
  type CacheRecord,
  fileNameHash,
  formerFileNameHash,
  METADATA_CACHE_VERSION,
  MetadataCache,
  metadataCachePath,
} from "./metadata-cache.js";

const record: CacheRecord = {
  path: "/skills/pdf/SKILL.md",
  mtimeMs: 1234.5,
  size: 99,
  ctimeMs: 1300.25,
  ino: 4242,
  result: { diagnostics: [{ severity: "error", code: "missing-description", message: "m", path: "/p" }] },
};

describe("MetadataCache", () => {
  let temp: TempDir;
  beforeEach(async () => {
    temp = await createTempDir();
  });
  afterEach(() => temp.cleanup());

  it("lives under XDG_CACHE_HOME, else <home>/.cache, one file per cwd", () => {
    const xdg = metadataCachePath({ cwd: "/repo/a", env: { XDG_CACHE_HOME: "/xdg" } });
    expect(xdg).toMatch(/^\/xdg\/skillset\/metadata-[0-9a-f]{16}\.json$/);
    expect(metadataCachePath({ cwd: "/repo/a", env: {}, home: "/home/me" })).toMatch(
      /^\/home\/me\/\.cache\/skillset\/metadata-/,
    );
    expect(metadataCachePath({ cwd: "/repo/b", env: { XDG_CACHE_HOME: "/xdg" } })).not.toBe(xdg);
  });

  it("names the file by FNV-1a (64 bits) of the cwd's UTF-8 bytes, without node:crypto", () => {
    // Published FNV-1a 64 test vectors.
    expect(fileNameHash("")).toBe("cbf29ce484222325");
    expect(fileNameHash("a")).toBe("af63dc4c8601ec8c");
    expect(fileNameHash("foobar")).toBe("85944171f73967e8");
    expect(fileNameHash("/répertoire")).not.toBe(fileNameHash("/repertoire"));
    expect(metadataCachePath({ cwd: "/repo/a", env: { XDG_CACHE_HOME: "/xdg" } })).toBe(
      `/xdg/skillset/metadata-${fileNameHash("/repo/a")}.json`,
    );
  });

  it("round-trips records and writes only when something changed", async () => {
    const file = temp.join("cache", "metadata.json");
    const cache = new MetadataCache(file, nodeFileSystem);
    expect(await cache.load()).toEqual([]);
    expect(await cache.save()).toEqual([]);
    expect(await nodeFileSystem.exists(file)).toBe(false);
    cache.set("/real/pdf/SKILL.md", record);
    expect(await cache.save()).toEqual([]);
    const again = new MetadataCache(file, nodeFileSystem);
    expect(await again.load()).toEqual([]);
    expect(again.records.get("/real/pdf/SKILL.md")).toEqual(record);
    const before = (await nodeFileSystem.stat(file)).mtimeMs;
    await again.save();
    expect((await nodeFileSystem.stat(file)).mtimeMs).toBe(before);
    again.prune(new Set());
    await again.save();
    const pruned = new MetadataCache(file, nodeFileSystem);
    await pruned.load();
    expect(pruned.records.size).toBe(0);
  });

  it("removes the files earlier versions named for its cwd (a SHA-256's start) when it writes, nothing else", async () => {
    const folder = temp.join("xdg", "skillset");
    const cwd = temp.join("project");
    const former = createHash("sha256").update(cwd).digest("hex").slice(0, 16);
    expect(formerFileNameHash(cwd)).toBe(former);
    const another = createHash("sha256").update(temp.join("another")).digest("hex").slice(0, 16);
    await temp.write({
      [`xdg/skillset/metadata-${former}.json`]: "{}",
      [`xdg/skillset/metadata-${former}.names.json`]: "{}",
      [`xdg/skillset/search-${former}.json`]: "{}",
      [`xdg/skillset/metadata-${another}.json`]: "{}",
      "xdg/skillset/notes.json": "{}",
    });
    const file = metadataCachePath({ cwd, env: { XDG_CACHE_HOME: temp.join("xdg") } });
    const cache = new MetadataCache(file, nodeFileSystem, cwd);
    await cache.load();
    cache.set("/real/pdf/SKILL.md", record);
    expect(await cache.save()).toEqual([]);
    expect((await nodeFileSystem.readdir(folder)).map((entry) => entry.name).sort()).toEqual(
      [`metadata-${another}.json`, basename(file), "notes.json"].sort(),
    );
    // A cache file a host names itself (no cwd given) leaves its folder alone.
    await temp.write({ [`elsewhere/metadata-${former}.json`]: "{}" });
    const custom = new MetadataCache(temp.join("elsewhere", "cache.json"), nodeFileSystem);
    custom.set("/real/pdf/SKILL.md", record);
    await custom.save();
    expect(await nodeFileSystem.exists(temp.join("elsewhere", `metadata-${former}.json`))).toBe(true);
  });

  it("leaves a folder or a link under a former name where it is", async () => {
    const cwd = temp.join("project");
    const former = formerFileNameHash(cwd);
    await temp.write({ [`xdg/skillset/metadata-${former}.json/keep.md`]: "mine", "target.json": "{}" });
    symlinkSync(temp.join("target.json"), temp.join("xdg", "skillset", `search-${former}.json`));
    const file = metadataCachePath({ cwd, env: { XDG_CACHE_HOME: temp.join("xdg") } });
    const cache = new MetadataCache(file, nodeFileSystem, cwd);
    cache.set("/real/pdf/SKILL.md", record);
    expect(await cache.save()).toEqual([]);
    expect(
      await nodeFileSystem.exists(temp.join("xdg", "skillset", `metadata-${former}.json`, "keep.md")),
    ).toBe(true);
    expect(lstatSync(temp.join("xdg", "skillset", `search-${former}.json`)).isSymbolicLink()).toBe(true);
    expect(await nodeFileSystem.exists(temp.join("target.json"))).toBe(true);
  });

  it("does not write a racy record (its file changed too recently to trust its stamp)", async () => {
    const file = temp.join("metadata.json");
    const cache = new MetadataCache(file, nodeFileSystem);
    cache.set("/real/kept/SKILL.md", record);
    cache.set("/real/racy/SKILL.md", { ...record, racy: true });
    await cache.save();
    const again = new MetadataCache(file, nodeFileSystem);
    await again.load();
    expect([...again.records.keys()]).toEqual(["/real/kept/SKILL.md"]);
  });

  it("writes an ASCII file that restores any text exactly", async () => {
    const file = temp.join("metadata.json");
    const text: CacheRecord = {
      ...record,
      result: {
        diagnostics: [
          {
            severity: "error",
            code: "yaml-invalid",
            message: "帮助 \u2028 🎉 \ud83d alone",
            path: "/p/é.md",
            line: 3,
          },
        ],
      },
    };
    const cache = new MetadataCache(file, nodeFileSystem);
    cache.set("/real/ünï/SKILL.md", text);
    await cache.save();
    const bytes = await nodeFileSystem.readFile(file);
    expect(bytes.every((byte) => byte < 0x80)).toBe(true);
    const again = new MetadataCache(file, nodeFileSystem);
    expect(await again.load()).toEqual([]);
    expect(again.records.get("/real/ünï/SKILL.md")).toEqual(text);
  });

  it.each([
    ["not JSON", "{ nope", "is not valid JSON"],
    ["another format", JSON.stringify({ hello: 1 }), "is not a skillset cache"],
    [
      "an older version",
      JSON.stringify({ format: "skillset-metadata", version: METADATA_CACHE_VERSION - 1, records: [] }),
      "has format version",
    ],
    [
      "a malformed entry",
      JSON.stringify({
        format: "skillset-metadata",
        version: METADATA_CACHE_VERSION,
        records: ["/x", 3],
        strings: [],
      }),
      "malformed entry",
    ],
    [
      "a string missing from its table",
      JSON.stringify({
        format: "skillset-metadata",
        version: METADATA_CACHE_VERSION,
        records: ["/x", ["/x/SKILL.md", 1, 2, 0, 3, 0, 0, [[0, 1, "m"]]]],
        strings: ["error"],
      }),
      "malformed entry for /x",
    ],
  ])("ignores %s with an info diagnostic and rebuilds it", async (_label, text, phrase) => {
    const file = temp.join("metadata.json");
    await temp.write({ "metadata.json": text });
    const cache = new MetadataCache(file, nodeFileSystem);
    const diagnostics = await cache.load();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: "info", code: "cache-invalid", path: file });
    expect(diagnostics[0]?.message).toContain(phrase);
    expect(cache.records.size).toBe(0);
    await cache.save();
    expect(JSON.parse(await nodeFileSystem.readText(file))).toMatchObject({
      version: METADATA_CACHE_VERSION,
    });
  });

  it("reports a failed write as a diagnostic instead of throwing", async () => {
    await temp.write({ blocker: "a file where a folder should be" });
    const cache = new MetadataCache(temp.join("blocker", "metadata.json"), nodeFileSystem);
    cache.set("/real/SKILL.md", record);
    const diagnostics = await cache.save();
    expect(diagnostics.map((found) => found.code)).toEqual(["cache-write-failed"]);
  });
});
