import { execFileSync } from "node:child_process";
import { lstat, mkdir, readdir, readFile, readlink, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SkillsetError } from "../model/errors.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { openStateStore } from "./open-state-store.js";

let temp: TempDir;
let file: string;

beforeEach(async () => {
  temp = await createTempDir();
  file = temp.join("config", "skillset", "state.json");
});
afterEach(() => temp.cleanup());

async function thrown(promise: Promise<unknown>): Promise<SkillsetError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!SkillsetError.isInstance(error)) throw new Error(`expected a SkillsetError, got ${String(error)}`);
  return error;
}

describe("openStateStore", () => {
  it("reads a missing file as empty state without a diagnostic", async () => {
    expect(await openStateStore(file).read()).toEqual({
      state: { version: 1, disabled: [], enabled: [] },
      diagnostics: [],
    });
  });

  it("round-trips updates, creating the folder and writing normalised JSON", async () => {
    const store = openStateStore(file);
    await store.update((state) => {
      state.disabled.push("zeta", "alpha", "alpha");
    });
    const next = await store.update((state) => ({ ...state, enabled: [...state.enabled, "acme:pdf"] }));
    expect(next).toEqual({ version: 1, disabled: ["alpha", "zeta"], enabled: ["acme:pdf"] });
    expect((await store.read()).state).toEqual(next);
    expect(await readFile(file, "utf8")).toBe(
      '{\n  "version": 1,\n  "disabled": [\n    "alpha",\n    "zeta"\n  ],\n  "enabled": [\n    "acme:pdf"\n  ]\n}\n',
    );
  });

  it("leaves the file alone when a change is a no-op", async () => {
    const store = openStateStore(file);
    expect((await store.change(() => {})).changed).toBe(false);
    expect(await readdir(temp.join("config", "skillset"))).toEqual([]);
  });

  it("accepts hand-written files with $schema and missing lists", async () => {
    await temp.write({
      "config/skillset/state.json": '{ "$schema": "../state.schema.json", "disabled": ["pdf"] }',
    });
    expect(await openStateStore(file).read()).toEqual({
      state: { version: 1, disabled: ["pdf"], enabled: [] },
      diagnostics: [],
    });
  });

  it("reports a truncated file on read without touching it, and moves it aside on update keeping what is legible", async () => {
    const truncated = '{\n  "version": 1,\n  "disabled": [\n    "alpha",\n    "beta",\n    "gam';
    await temp.write({ "config/skillset/state.json": truncated });
    const store = openStateStore(file);

    const read = await store.read();
    expect(read.state).toEqual({ version: 1, disabled: ["alpha", "beta"], enabled: [] });
    expect(read.diagnostics).toHaveLength(1);
    expect(read.diagnostics[0]).toMatchObject({ severity: "error", code: "state-corrupt", path: file });
    expect(read.diagnostics[0]?.message).toBe(
      `State file ${file} is damaged (line 6, column 5: unterminated string); applying the 2 settings still ` +
        `legible in it. Fix the file, or the next enable/disable moves it to ${file}.corrupt-<timestamp> and rewrites it.`,
    );
    expect(await readFile(file, "utf8")).toBe(truncated);

    const change = await store.change((state) => {
      state.disabled.push("delta");
    });
    expect(change.state).toEqual({ version: 1, disabled: ["alpha", "beta", "delta"], enabled: [] });
    const names = await readdir(temp.join("config", "skillset"));
    const aside = names.find((name) => name.startsWith("state.json.corrupt-"));
    expect(aside).toMatch(/^state\.json\.corrupt-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/);
    expect(await readFile(temp.join("config", "skillset", aside as string), "utf8")).toBe(truncated);
    expect(change.diagnostics).toHaveLength(1);
    expect(change.diagnostics[0]?.code).toBe("state-corrupt");
    expect(change.diagnostics[0]?.message).toContain(temp.join("config", "skillset", aside as string));
    expect(change.diagnostics[0]?.message).toContain(`rewrote ${file}`);
    expect(await store.read()).toEqual({ state: change.state, diagnostics: [] });
  });

  it("treats a file that breaks the schema as damaged, salvaging its string keys", async () => {
    await temp.write({
      "config/skillset/state.json": '{"version":1,"disabled":["a",7,""],"enabled":["b"],"extra":1}',
    });
    const store = openStateStore(file);
    const read = await store.read();
    expect(read.state).toEqual({ version: 1, disabled: ["a"], enabled: ["b"] });
    expect(read.diagnostics[0]?.code).toBe("state-corrupt");
    expect(read.diagnostics[0]?.message).toContain("('disabled[1]' must be a non-empty string (got 7))");
    await store.update(() => {});
    expect(
      (await readdir(temp.join("config", "skillset"))).filter((name) => name.includes("corrupt")),
    ).toHaveLength(1);
    expect((await store.read()).state).toEqual({ version: 1, disabled: ["a"], enabled: ["b"] });
  });

  it("salvages a list written as a single string as a list of that one name, still reporting the damage", async () => {
    for (const text of [
      '{"version":1,"disabled":"sk1","enabled":["b"]}',
      // Broken off too: scanned, not parsed.
      '{"version":1,"disabled": "sk1", "enabled": "b", "answers": [',
    ]) {
      await temp.write({ "config/skillset/state.json": text });
      const read = await openStateStore(file).read();
      expect(read.state, text).toEqual({ version: 1, disabled: ["sk1"], enabled: ["b"] });
      expect(read.diagnostics.map((found) => found.code)).toEqual(["state-corrupt"]);
    }
  });

  it("never overwrites a file from a newer version", async () => {
    const newer = '{"version":2,"rules":[]}';
    await temp.write({ "config/skillset/state.json": newer });
    const store = openStateStore(file);
    const read = await store.read();
    expect(read.state).toEqual({ version: 1, disabled: [], enabled: [] });
    expect(read.diagnostics[0]?.code).toBe("state-unsupported-version");
    const error = await thrown(store.update((state) => void state.disabled.push("x")));
    expect(error.code).toBe("state-unsupported-version");
    expect(await readFile(file, "utf8")).toBe(newer);
  });

  it("refuses a mutation that produces an invalid state", async () => {
    const error = await thrown(openStateStore(file).update((state) => void state.disabled.push("")));
    expect(error.code).toBe("state-invalid");
    expect(await openStateStore(file).read()).toMatchObject({ state: { disabled: [] } });
  });

  it("keeps the previous state when a writer crashed mid-write, and clears old temp files later", async () => {
    const store = openStateStore(file);
    await store.update((state) => void state.disabled.push("kept"));
    // A crash between writing the temp file and renaming it leaves only the temp file behind.
    const stray = temp.join("config", "skillset", ".state.json.tmp-99999-deadbeef");
    await writeFile(stray, '{"version":1,"disabled":["half-writ');
    expect(await store.read()).toEqual({
      state: { version: 1, disabled: ["kept"], enabled: [] },
      diagnostics: [],
    });

    const old = new Date(Date.now() - 5 * 60_000);
    await utimes(stray, old, old);
    await store.update((state) => void state.disabled.push("next"));
    expect(await readdir(temp.join("config", "skillset"))).toEqual(["state.json"]);
    expect((await store.read()).state.disabled).toEqual(["kept", "next"]);
  });

  it("serialises concurrent updates in one process", async () => {
    const store = openStateStore(file);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.update((state) => void state.disabled.push(`skill-${i}`))),
    );
    expect((await store.read()).state.disabled).toHaveLength(20);
  });

  it("says in words what is wrong with a state file that is a FIFO or a folder, and the fix", async () => {
    const fix =
      "Remove it, or replace it with a regular JSON file; the next enable or disable then writes a fresh one.";
    await mkdir(temp.join("config", "skillset"), { recursive: true });
    execFileSync("mkfifo", [file]);
    const store = openStateStore(file);
    const fifo = "it is a FIFO (named pipe), not a regular file";
    expect((await store.read()).diagnostics).toEqual([
      {
        severity: "error",
        code: "state-unreadable",
        message: `Cannot read state file ${file}: ${fifo}; its settings are not applied. ${fix}`,
        path: file,
      },
    ]);
    const refused = await thrown(store.change((state) => state));
    expect([refused.code, refused.message]).toEqual([
      "state-unreadable",
      `Cannot read state file ${file}: ${fifo}; nothing was changed. ${fix}`,
    ]);

    await rm(file);
    await mkdir(file);
    const folder = await thrown(store.change((state) => state));
    expect(folder.message).toBe(
      `Cannot read state file ${file}: it is a folder, not a file; nothing was changed. ${fix}`,
    );
  });

  it("says a state file over the size limit was not read, and how to start afresh", async () => {
    await temp.write({
      "config/skillset/state.json": `{"version":1,"disabled":["${"x".repeat(1_200_000)}"]}`,
    });
    const { diagnostics } = await openStateStore(file).read();
    expect(diagnostics[0]?.message).toBe(
      `Cannot read state file ${file}: it is 1.14 MiB, over the 1 MiB limit, and was not read; its settings are not applied. ` +
        "Move it aside and let the next enable or disable write a fresh one (a state file is a few KiB), then enable or disable again what it held.",
    );
  });

  it("writes through a symbolic link to a state file, so a dotfiles link keeps working", async () => {
    const dotfile = temp.join("dotfiles", "state.json");
    await temp.write({ "dotfiles/state.json": '{"version":1,"disabled":["pdf"],"enabled":[]}' });
    await mkdir(temp.join("config", "skillset"), { recursive: true });
    await symlink(dotfile, file);
    await openStateStore(file, { writeThroughLink: true }).update((state) => {
      state.disabled.push("docx");
    });
    expect((await lstat(file)).isSymbolicLink()).toBe(true);
    expect(await readlink(file)).toBe(dotfile);
    expect(JSON.parse(await readFile(dotfile, "utf8")).disabled).toEqual(["docx", "pdf"]);
    expect(await readdir(temp.join("dotfiles"))).toEqual(["state.json"]);
    expect((await readdir(temp.join("config", "skillset"))).sort()).toEqual(["state.json"]);
  });

  it("a project's state file linked to another state file is replaced, never written through", async () => {
    // A cloned repository could link .skillset/state.json to the person's own state file.
    const own = temp.join("home-config", "state.json");
    await temp.write({ "home-config/state.json": '{"version":1,"disabled":["pdf"],"enabled":[]}' });
    await mkdir(temp.join("config", "skillset"), { recursive: true });
    await symlink(own, file);
    await openStateStore(file).update((state) => {
      state.disabled.push("docx");
    });
    expect(JSON.parse(await readFile(own, "utf8")).disabled).toEqual(["pdf"]);
    expect((await lstat(file)).isFile()).toBe(true);
    expect(JSON.parse(await readFile(file, "utf8")).disabled).toEqual(["docx", "pdf"]);
  });

  it("never writes into the target of a link to a damaged file: the link is moved aside", async () => {
    const other = temp.join("elsewhere", "notes.txt");
    await temp.write({ "elsewhere/notes.txt": "not JSON, and not skillset's" });
    await mkdir(temp.join("config", "skillset"), { recursive: true });
    await symlink(other, file);
    const { diagnostics } = await openStateStore(file).change((state) => {
      state.disabled.push("docx");
    });
    expect(diagnostics.map((found) => found.code)).toEqual(["state-corrupt"]);
    expect(await readFile(other, "utf8")).toBe("not JSON, and not skillset's");
    expect((await lstat(file)).isFile()).toBe(true);
    const aside = (await readdir(temp.join("config", "skillset"))).find((name) => name.includes(".corrupt-"));
    expect(await readlink(temp.join("config", "skillset", aside as string))).toBe(other);
  });
});
