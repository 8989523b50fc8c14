/**
 * The MCP Skills extension (SEP-2640) as a host sees it (SPEC §13): the official SDK v2 client and its
 * `SkillsClient`, over stdio and HTTP, on the 2026-07-28 revision and (HTTP) a 2025-11-25 session — the
 * capability, `skills/list` with verbatim frontmatter and a digest for every file, `skills/get`, reads the
 * client verifies against the entry (SKILL.md and a nested file), directory reads, a changed file served
 * under its new digest only, list-changed when a skill appears, -32602 with the request's id for unknown
 * skills and files, denied skills never served, and the old URI forms still read.
 */
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { ProtocolError } from "@modelcontextprotocol/client";
import { SkillVerificationError } from "@modelcontextprotocol/client/ext/skills";
import { createTempProject, TEMP_PROJECT_CONFIG, type TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverEnv } from "./testing/skill-project.js";
import { type HttpServerProcess, startHttpServer } from "./testing/start-http-server.js";
import { startV2Client, type V2Route, type V2Session } from "./testing/start-v2-client.js";

let temp: TempDir;
let http: HttpServerProcess;

const PDF_FRONTMATTER =
  "name: pdf\ndescription: 'Fill PDF forms: text, tables and fields'\nlicense: MIT\nmetadata:\n  author: skillset\n";

beforeAll(async () => {
  temp = await createTempProject("skillset-mcp-sep2640-");
  await temp.write({
    "project/.skillset/config.json": JSON.stringify({
      ...TEMP_PROJECT_CONFIG,
      policy: { importAgentSettings: false, permissions: [{ action: "deny", skill: "secret-plan" }] },
    }),
    "project/.agents/skills/pdf/SKILL.md": `---\n${PDF_FRONTMATTER}---\n\nRead references/tables.md.\n`,
    "project/.agents/skills/pdf/references/tables.md": "# Tables\nUse pdfplumber.\n",
    "project/.agents/skills/pdf/references/deep/fields.md": "# Fields\n",
    "project/.agents/skills/pdf/scripts/bell.txt": "ring\u0007\n",
    "project/.agents/skills/secret-plan/SKILL.md": "---\nname: secret-plan\ndescription: Denied.\n---\nNo.\n",
    "project/.agents/skills/broken-yaml/SKILL.md":
      "---\nname: broken-yaml\ndescription: A description: with a colon\n---\nRepaired.\n",
  });
  // Over the extension's limit of 512 files: not served as an entry, with a diagnostic.
  const many: Record<string, string> = {
    "project/.agents/skills/too-many/SKILL.md": "---\nname: too-many\ndescription: 513 files.\n---\nMany.\n",
  };
  for (let i = 0; i < 512; i++) many[`project/.agents/skills/too-many/data/f${i}.txt`] = `${i}\n`;
  await temp.write(many);
  http = await startHttpServer(temp.join("project"), serverEnv(temp));
});
afterAll(async () => {
  await http?.stop();
  await temp?.cleanup();
});

const sha256 = async (path: string) =>
  `sha256:${createHash("sha256")
    .update(await readFile(temp.join(path)))
    .digest("hex")}`;

const routes: [string, () => V2Route, "modern" | "legacy"][] = [
  ["stdio, 2026-07-28", () => ({ kind: "stdio", cwd: temp.join("project"), env: serverEnv(temp) }), "modern"],
  ["HTTP, 2026-07-28", () => ({ kind: "http", url: http.url }), "modern"],
  ["HTTP, 2025-11-25 session", () => ({ kind: "http", url: http.url }), "legacy"],
];

describe.each(routes)("MCP Skills extension over %s", (_label, route, era) => {
  let session: V2Session;
  beforeAll(async () => {
    session = await startV2Client(route(), era);
  });
  afterAll(async () => {
    await session?.close();
  });

  it("declares the extension with directoryRead", () => {
    expect(session.skills.supported).toBe(true);
    expect(session.skills.directoryRead).toBe(true);
  });

  it("lists entries with the file's own frontmatter and a digest and size for every file", async () => {
    const listing = await session.skills.list();
    expect(listing.invalid).toEqual([]);
    const pdf = listing.skills.find((skill) => skill.uri === "skill://pdf/SKILL.md");
    expect(pdf?.frontmatter).toEqual({
      name: "pdf",
      description: "Fill PDF forms: text, tables and fields",
      license: "MIT",
      metadata: { author: "skillset" },
    });
    const base = "project/.agents/skills/pdf";
    const byUri = (a: { uri: string }, b: { uri: string }) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0);
    const file = async (path: string) => {
      const bytes = await readFile(temp.join(`${base}/${path}`));
      return { uri: `skill://pdf/${path}`, digest: await sha256(`${base}/${path}`), size: bytes.length };
    };
    const expected = await Promise.all(
      ["SKILL.md", "references/deep/fields.md", "references/tables.md", "scripts/bell.txt"].map(file),
    );
    expect([...((pdf?.resources ?? []) as { uri: string }[])].sort(byUri)).toEqual(expected.sort(byUri));
    // Denied: never served. Repaired YAML: not served with a frontmatter a verifying host would reject.
    const uris = listing.skills.map((skill) => skill.uri);
    expect(uris.some((uri) => uri.includes("secret-plan"))).toBe(false);
    expect(uris.some((uri) => uri.includes("broken-yaml"))).toBe(false);
    expect(uris.some((uri) => uri.includes("too-many"))).toBe(false);
    if (era === "modern") expect(listing).toMatchObject({ ttlMs: 0, cacheScope: "private" });
  });

  it("gets an entry by its SKILL.md URI, and refuses unknown and denied skills with -32602", async () => {
    const { skill } = await session.skills.get("skill://pdf/SKILL.md");
    expect(skill.frontmatter.name).toBe("pdf");
    for (const uri of [
      "skill://no-such/SKILL.md",
      "skill://secret-plan/SKILL.md",
      "skill://pdf/references/tables.md",
    ]) {
      const error = await session.skills.get(uri).catch((caught: unknown) => caught);
      expect(error, uri).toBeInstanceOf(ProtocolError);
      expect((error as ProtocolError).code, uri).toBe(-32602);
    }
  });

  it("serves SKILL.md and a nested file as bytes the client verifies, a control character as a blob", async () => {
    const { skill } = await session.skills.get("skill://pdf/SKILL.md");
    const manifest = await session.skills.read(skill);
    expect(manifest.verified).toBe(true);
    expect(manifest.frontmatter?.name).toBe("pdf");
    const nested = await session.skills.read(skill, "references/deep/fields.md");
    expect(nested).toMatchObject({ verified: true, text: "# Fields\n" });
    const bell = await session.skills.read(skill, "scripts/bell.txt");
    expect(bell.verified).toBe(true);
    expect(Buffer.from(bell.bytes).toString()).toBe("ring\u0007\n");
    const { contents } = await session.client.readResource({ uri: "skill://pdf/scripts/bell.txt" });
    expect(contents[0]).not.toHaveProperty("text");
  });

  it("reads directories: a skill's root and a folder in it", async () => {
    const root = await session.skills.readDirectory("skill://pdf");
    expect(root.resources.map((resource) => [resource.uri, resource.mimeType])).toEqual(
      [
        ["skill://pdf/references", "inode/directory"],
        ["skill://pdf/scripts", "inode/directory"],
        ["skill://pdf/SKILL.md", "text/markdown"],
      ].sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1)),
    );
    const references = await session.skills.readDirectory("skill://pdf/references");
    expect(references.resources.map((resource) => resource.uri)).toEqual([
      "skill://pdf/references/deep",
      "skill://pdf/references/tables.md",
    ]);
    const error = await session.skills
      .readDirectory("skill://pdf/references/tables.md")
      .catch((caught: unknown) => caught);
    expect((error as ProtocolError).code).toBe(-32602);
  });

  it("still reads the old URI forms", async () => {
    for (const [uri, text] of [
      ["skill://pdf", "Read references/tables.md."],
      ["skill://pdf/references/tables.md", "Use pdfplumber."],
    ]) {
      const { contents } = await session.client.readResource({ uri: uri as string });
      expect(JSON.stringify(contents), uri).toContain(text);
    }
  });
});

describe("MCP Skills extension: skills not served", () => {
  it("says on stderr why a skill is not served as an entry: repaired YAML, over 512 files", async () => {
    const session = await startV2Client({ kind: "http", url: http.url }, "modern");
    try {
      await session.skills.list();
      const error = await session.skills.get("skill://too-many/SKILL.md").catch((caught: unknown) => caught);
      expect((error as ProtocolError).code).toBe(-32602);
    } finally {
      await session.close();
    }
    expect(http.stderr()).toMatch(
      /broken-yaml\/SKILL\.md: not served .*frontmatter YAML reads only after repair/,
    );
    expect(http.stderr()).toMatch(/too-many\/SKILL\.md: not served .*more than 512 files/);
  });
});

describe("MCP Skills extension: changes", () => {
  it("never serves a changed file under the old digest: the old entry fails verification, a new one passes", async () => {
    const session = await startV2Client({ kind: "http", url: http.url }, "modern");
    try {
      const { skill: before } = await session.skills.get("skill://pdf/SKILL.md");
      await writeFile(
        temp.join("project/.agents/skills/pdf/references/tables.md"),
        "# Tables\nUse camelot now.\n",
      );
      const stale = await session.skills
        .read(before, "references/tables.md")
        .catch((caught: unknown) => caught);
      expect(stale).toBeInstanceOf(SkillVerificationError);
      const { skill: after } = await session.skills.get("skill://pdf/SKILL.md");
      const entry = (skill: typeof after) =>
        (skill.resources as { uri: string; digest: string }[]).find((file) => file.uri.endsWith("tables.md"));
      expect(entry(after)?.digest).not.toBe(entry(before)?.digest);
      expect(entry(after)?.digest).toBe(await sha256("project/.agents/skills/pdf/references/tables.md"));
      expect(await session.skills.read(after, "references/tables.md")).toMatchObject({
        verified: true,
        text: "# Tables\nUse camelot now.\n",
      });
    } finally {
      await session.close();
    }
  });

  it.each(["stdio", "http"] as const)(
    "sends resources list-changed over %s when a skill appears, and lists it",
    async (kind) => {
      const route: V2Route =
        kind === "stdio"
          ? { kind, cwd: temp.join("project"), env: serverEnv(temp) }
          : { kind, url: http.url };
      const session = await startV2Client(route, "legacy");
      try {
        const changed = new Promise<void>((resolve) =>
          session.client.setNotificationHandler("notifications/resources/list_changed", () => resolve()),
        );
        const name = `new-skill-${kind}`;
        await temp.write({
          [`project/.agents/skills/${name}/SKILL.md`]: `---\nname: ${name}\ndescription: Appeared later.\n---\nNew.\n`,
        });
        await changed;
        const { skills } = await session.skills.list();
        expect(skills.map((skill) => skill.uri)).toContain(`skill://${name}/SKILL.md`);
      } finally {
        await session.close();
      }
    },
  );

  it("answers an unknown skill with -32602 carrying the request's id (raw 2026-07-28 request)", async () => {
    const meta = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientCapabilities": {},
      "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
    };
    const response = await fetch(http.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "skills/get",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 4242,
        method: "skills/get",
        params: { uri: "skill://nothing-here/SKILL.md", _meta: meta },
      }),
    });
    const body = (await response.json()) as { id: unknown; error?: { code: number } };
    expect(body.id).toBe(4242);
    expect(body.error?.code).toBe(-32602);
  });
});
