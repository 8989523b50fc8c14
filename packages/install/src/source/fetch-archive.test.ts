import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultLimits } from "../limits.js";
import { type ArchiveEntry, makeTarGz, makeZip, skillText } from "../testing/make-archive.js";
import { readArchive } from "./fetch-archive.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-archive-");
});
afterEach(() => temp.cleanup());

const skill: ArchiveEntry = { path: "p/s/SKILL.md", content: skillText("s") };
const read = (archive: Buffer, name = "x.tar.gz", limits = defaultLimits, signal?: AbortSignal) =>
  readArchive(archive, name, limits, signal);
/** Reads and writes `archive` into a fresh folder; resolves to what was written, or rejects. */
async function unpack(archive: Buffer, name = "x.tar.gz", limits = defaultLimits): Promise<string[]> {
  const into = temp.join("out");
  await (await read(archive, name, limits)).write(into);
  return readdirSync(into, { recursive: true }) as string[];
}

describe("archive bounds, checked as the archive is read", () => {
  it("a gzip bomb stops at the compression ratio, naming the limit and its flag", async () => {
    // 36 MiB of zeros packs to about 36 KB (1,000 : 1); each file is within every size limit.
    const zeros = Buffer.alloc(9 * 1024 * 1024);
    const archive = makeTarGz([
      skill,
      ...[1, 2, 3, 4].map((index) => ({ path: `p/s/zeros${index}.bin`, content: zeros })),
    ]);
    expect(archive.length).toBeLessThan(100_000);
    const started = Date.now();
    await expect(read(archive)).rejects.toMatchObject({
      code: "install-too-large",
      message: expect.stringMatching(
        /over the compression ratio limit of 200\. Nothing was installed\. Raise the limit with --max-compression-ratio/,
      ),
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    // The person can raise it.
    const raised = { ...defaultLimits, maxCompressionRatio: 2_000 };
    await expect(read(archive, "x.tar.gz", raised)).resolves.toBeDefined();
  });

  it("files that together pass the total limit stop at the first one over it", async () => {
    const archive = makeTarGz([
      skill,
      ...Array.from({ length: 4 }, (_, index) => ({
        path: `p/s/f${index}`,
        content: randomBytes(1024 * 1024),
      })),
    ]);
    const limits = { ...defaultLimits, maxTotalBytes: 3 * 1024 * 1024 };
    await expect(read(archive, "x.tar.gz", limits)).rejects.toMatchObject({
      code: "install-too-large",
      message: expect.stringMatching(/holds more than 3145728 bytes.*--max-total-bytes/),
    });
  });

  it("folders count: 5,000 empty folders are refused", async () => {
    const folders = Array.from({ length: 5_000 }, (_, index) => ({
      path: `p/d${index}/`,
      type: "dir" as const,
    }));
    await expect(unpack(makeTarGz([skill, ...folders]))).rejects.toMatchObject({
      message: expect.stringMatching(/more than 2000 folders.*--max-files/),
    });
    await expect(unpack(makeZip([skill, ...folders]), "x.zip")).rejects.toMatchObject({
      message: expect.stringMatching(/more than 2000 folders/),
    });
  });

  it("links count as files, and their copies' bytes count before anything is written", async () => {
    const big = { path: "p/s/big.bin", content: Buffer.alloc(5 * 1024 * 1024, 7) };
    const links = Array.from({ length: 20 }, (_, index) => ({
      path: `p/s/l${index}`,
      type: "symlink" as const,
      linkTarget: "big.bin",
    }));
    // 21 copies of 5 MiB: 105 MiB on disk from an archive of a few KB.
    const lenient = { ...defaultLimits, maxCompressionRatio: 100_000 };
    await expect(unpack(makeTarGz([skill, big, ...links]), "x.tar.gz", lenient)).rejects.toMatchObject({
      message: expect.stringMatching(/holds more than 52428800 bytes/),
    });
    expect(readdirSync(temp.path)).toEqual([]);
    const many = Array.from({ length: 3_000 }, (_, index) => ({
      path: `p/s/h${index}`,
      type: "hardlink" as const,
      linkTarget: "p/s/SKILL.md",
    }));
    await expect(read(makeTarGz([skill, ...many]))).rejects.toMatchObject({
      message: expect.stringMatching(/more than 2000 files/),
    });
  });

  it("a zip entry that claims a bomb's ratio is refused before it is inflated", async () => {
    const archive = makeZip([skill, { path: "p/s/bomb.bin", content: "x", size: 8 * 1024 * 1024 }]);
    await expect(read(archive, "x.zip")).rejects.toMatchObject({
      message: expect.stringMatching(/compression ratio limit of 200/),
    });
  });

  it("a damaged archive is a clear refusal, not an internal error", async () => {
    const damaged = Buffer.concat([makeTarGz([skill]).subarray(0, 40), Buffer.from("garbage")]);
    await expect(read(damaged)).rejects.toMatchObject({ code: "install-bad-archive" });
    await expect(read(Buffer.from("PK\u0003\u0004 not really"), "x.zip")).rejects.toMatchObject({
      code: "install-bad-archive",
    });
    const nested = gzipSync(makeTarGz([skill]));
    await expect(read(nested)).rejects.toMatchObject({ message: expect.stringContaining("inside the gzip") });
  });

  it("stops when the person interrupts", async () => {
    const controller = new AbortController();
    controller.abort("SIGINT");
    for (const [archive, name] of [
      [makeTarGz([skill]), "x.tar.gz"],
      [makeZip([skill]), "x.zip"],
    ] as const)
      await expect(read(archive, name, defaultLimits, controller.signal)).rejects.toMatchObject({
        code: "install-interrupted",
        message: expect.stringContaining("Interrupted by SIGINT"),
      });
  });
});
