/**
 * The example app in `examples/ai-sdk-chat` type-checks, prints a clear message without an endpoint, and
 * runs a real tool loop against an OpenAI-compatible endpoint (a local one that answers like a model:
 * first a skill_search call, then text built from what the tool returned).
 */
import { execFile, spawnSync } from "node:child_process";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { createTempProject, isolatedEnv, type TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const exampleDir = `${root}examples/ai-sdk-chat`;
const script = `${exampleDir}/dist/chat.js`;
let temp: TempDir;
let endpoint: Server;
let requests: Array<{ messages: Array<{ role: string; content: unknown }>; tools?: unknown[] }> = [];

function completion(message: Record<string, unknown>, finish: string) {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 0,
    model: "test-model",
    choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: finish }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

beforeAll(async () => {
  temp = await createTempProject("skillset-example-");
  await temp.writeSkill(
    "project/.agents/skills/release-notes",
    { name: "release-notes", description: "Write release notes from the git log" },
    "Run git log since the last tag.\n",
  );
  endpoint = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      const parsed = JSON.parse(body) as (typeof requests)[number];
      requests.push(parsed);
      const toolMessage = parsed.messages.find((message) => message.role === "tool");
      const answer = toolMessage
        ? completion({ content: `Searched: ${String(toolMessage.content).split("\n")[0]}` }, "stop")
        : completion(
            {
              content: null,
              tool_calls: [
                {
                  id: "call_1",
                  type: "function",
                  function: { name: "skill_search", arguments: '{"query":"release notes"}' },
                },
              ],
            },
            "tool_calls",
          );
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(answer));
    });
  });
  endpoint.listen(0, "127.0.0.1");
  await once(endpoint, "listening");
  const tsc = spawnSync(
    process.execPath,
    [`${root}node_modules/typescript/bin/tsc`, "-p", `${exampleDir}/tsconfig.json`],
    {
      encoding: "utf8",
    },
  );
  expect(tsc.stdout + tsc.stderr).toBe("");
  expect(tsc.status).toBe(0);
}, 120_000); // tsc on a loaded 2-core box can take most of a minute

afterAll(async () => {
  endpoint?.close();
  await temp?.cleanup();
});

/** Runs the example; async, so the endpoint in this process can answer meanwhile. */
function run(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      {
        cwd: temp.join("project"),
        env: { ...isolatedEnv(temp), PATH: process.env.PATH ?? "", ...env },
        timeout: 30_000,
      },
      (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

describe("examples/ai-sdk-chat", () => {
  it("says what to set when no endpoint is configured", async () => {
    const result = await run({}, "hello");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Set LLM_BASE_URL");
    expect(result.stdout).toBe("");
  });

  it("runs the tool loop against an OpenAI-compatible endpoint", async () => {
    requests = [];
    const { port } = endpoint.address() as AddressInfo;
    const result = await run(
      { LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_MODEL: "test-model" },
      "write release notes",
    );
    expect(result.stderr).toContain('[tool] skill_search {"query":"release notes"}');
    expect(result.stdout).toContain("Searched: 1 skill for");
    expect(result.status).toBe(0);
    expect(JSON.stringify(requests[0]?.messages)).toContain("release-notes");
    expect(JSON.stringify(requests[0]?.tools)).toContain("skill_load");
  });
});
