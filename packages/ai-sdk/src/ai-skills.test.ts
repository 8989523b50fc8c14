/**
 * The adapter with the AI SDK's own mock model: a multi-step tool loop that searches, loads and follows a
 * skill (the mock decides from what the tools returned), a `$mention` preprocessed, and a fork run as a
 * nested generation.
 */
import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from "@ai-sdk/provider";
import { createTempProject, isolatedEnv, TEMP_PROJECT_CONFIG, type TempDir } from "@skillset/core/test";
import { generateText, jsonSchema, stepCountIs, type ToolSet, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAiSkills } from "./create-ai-skills.js";

let temp: TempDir;

beforeAll(async () => {
  temp = await createTempProject("skillset-ai-sdk-");
  await temp.write({
    "project/.skillset/config.json": JSON.stringify({
      ...TEMP_PROJECT_CONFIG,
      policy: { importAgentSettings: false, permissions: [{ action: "deny", skill: "secret-plan" }] },
    }),
  });
  await temp.writeSkill(
    "project/.agents/skills/secret-plan",
    { name: "secret-plan", description: "A plan a permission rule denies" },
    "Nobody may read this.\n",
  );
  // The person's own skill (user scope, trusted): its allowed-tools may pre-approve (SPEC §11).
  await temp.writeSkill(
    "home/.agents/skills/git-only",
    { name: "git-only", description: "Work with git alone", "allowed-tools": "Bash(git:*) Read" },
    "Use git.\n",
  );
  await temp.writeSkill(
    "project/.agents/skills/release-notes",
    { name: "release-notes", description: "Write release notes from the git log of a release" },
    "1. Run git log since the last tag.\n2. Group the commits by area.\n",
  );
  await temp.writeSkill(
    "project/.agents/skills/pdf",
    { name: "pdf", description: "Fill, merge and split PDF files" },
    "Merge the PDFs $ARGUMENTS with qpdf.\n",
  );
  await temp.writeSkill(
    "project/.agents/skills/read-only-review",
    {
      name: "read-only-review",
      description: "Review a change without touching it, as a separate task",
      context: "fork",
      "allowed-tools": "Read",
      "disallowed-tools": "Write",
    },
    "Read $ARGUMENTS and report.\n",
  );
  await temp.writeSkill(
    "project/.agents/skills/self-review",
    { name: "self-review", description: "Review as a separate task, again and again", context: "fork" },
    "Use self-review on $ARGUMENTS.\n",
  );
  await temp.writeSkill(
    "project/.agents/skills/deep-review",
    { name: "deep-review", description: "Review a change in depth as a separate task", context: "fork" },
    "Review $ARGUMENTS line by line and list the issues.\n",
  );
});

afterAll(async () => {
  await temp?.cleanup();
});

const open = (extra: Parameters<typeof createAiSkills>[0] = {}) =>
  createAiSkills({ cwd: temp.join("project"), env: isolatedEnv(temp), ...extra });

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

function reply(text: string): LanguageModelV3GenerateResult {
  return {
    content: [{ type: "text", text }],
    finishReason: { unified: "stop", raw: "stop" },
    usage,
    warnings: [],
  };
}

function callTool(id: string, toolName: string, input: unknown): LanguageModelV3GenerateResult {
  return {
    content: [{ type: "tool-call", toolCallId: id, toolName, input: JSON.stringify(input) }],
    finishReason: { unified: "tool-calls", raw: "tool_calls" },
    usage,
    warnings: [],
  };
}

/** The text of the newest tool result in the prompt the model was given. */
function lastToolOutput(options: LanguageModelV3CallOptions): string {
  const tool = options.prompt.filter((message) => message.role === "tool").at(-1);
  const part = tool?.content.at(-1);
  if (part?.type !== "tool-result") return "";
  const output = part.output as { type: string; value: unknown };
  return typeof output.value === "string" ? output.value : JSON.stringify(output.value);
}

function promptText(options: LanguageModelV3CallOptions): string {
  return JSON.stringify(options.prompt);
}

describe("@skillset/ai-sdk", () => {
  it("gives the model the catalog and the tools, and runs a search → load → follow loop", async () => {
    const skills = await open();
    expect(skills.system()).toContain("release-notes");
    expect(Object.keys(skills.tools)).toEqual(["skill_search", "skill_load", "use_skill", "skill_read"]);
    let step = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        step++;
        if (step === 1) {
          expect(options.tools?.map((tool) => tool.name)).toContain("skill_search");
          return callTool("c1", "skill_search", { query: "write the release notes" });
        }
        if (step === 2) {
          // Load the best result, by the name the search returned.
          const best = /^1\. (\S+)/m.exec(lastToolOutput(options))?.[1];
          return callTool("c2", "skill_load", { name: best });
        }
        const body = lastToolOutput(options);
        const first = /1\. (.+)/.exec(body)?.[1];
        return reply(first ? `Following the skill: ${first}` : "No skill found.");
      },
    });
    const result = await generateText({
      model,
      system: skills.system(),
      prompt: "Please write the release notes for 2.0",
      tools: skills.tools,
      stopWhen: stepCountIs(5),
    });
    expect(result.steps).toHaveLength(3);
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({ isError: false });
    expect(result.text).toBe("Following the skill: Run git log since the last tag.");
    expect(skills.session.inspect().loaded.map((record) => record.name)).toEqual(["release-notes"]);
  });

  it("returns tool errors to the model as error text, and the loop goes on", async () => {
    const skills = await open();
    let seen = "";
    let step = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        step++;
        if (step === 1) return callTool("e1", "skill_load", { name: "release-note" });
        seen = promptText(options);
        return reply("ok");
      },
    });
    await generateText({ model, prompt: "go", tools: skills.tools, stopWhen: stepCountIs(3) });
    expect(seen).toContain('"type":"error-text"');
    expect(seen).toContain("release-notes");
  });

  it("preprocesses a $mention: the skill's body goes before the user's message", async () => {
    const skills = await open();
    const prepared = await skills.prepareMessages([
      { role: "user", content: "Hello" },
      { role: "assistant", content: "Hi" },
      { role: "user", content: "$pdf merge a.pdf and b.pdf" },
    ]);
    expect(prepared.visibleLines).toEqual(["Using skill: pdf"]);
    expect(prepared.messages).toHaveLength(4);
    expect(prepared.messages[2]).toMatchObject({ role: "user" });
    expect(String(prepared.messages[2]?.content)).toContain("Merge the PDFs");
    expect(prepared.messages[3]).toEqual({ role: "user", content: "$pdf merge a.pdf and b.pdf" });
    let seen = "";
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        seen = promptText(options);
        return reply("merged");
      },
    });
    await generateText({ model, messages: prepared.messages });
    expect(seen).toContain("qpdf");
    const unknown = await skills.prepareMessages([{ role: "user", content: "$nope do it" }]);
    expect(unknown.messages).toHaveLength(1);
    expect(unknown.diagnostics[0]?.code).toBe("mention-not-found");
  });

  it("runs a context: fork skill as a nested generation and returns its result", async () => {
    let subagentSystem = "";
    let subagentPrompt = "";
    const subagent = new MockLanguageModelV3({
      doGenerate: async (options) => {
        subagentSystem = JSON.stringify(options.prompt.filter((message) => message.role === "system"));
        subagentPrompt = JSON.stringify(options.prompt.filter((message) => message.role === "user"));
        return reply("Found 2 issues in PR-7.");
      },
    });
    const skills = await open({ fork: { model: subagent } });
    let step = 0;
    let toolOutput = "";
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        step++;
        if (step === 1) return callTool("f1", "use_skill", { skill: "deep-review", args: "PR-7" });
        toolOutput = lastToolOutput(options);
        return reply("Done");
      },
    });
    await generateText({ model, prompt: "review PR-7", tools: skills.tools, stopWhen: stepCountIs(3) });
    expect(subagentSystem).toContain("Review PR-7 line by line");
    expect(subagentPrompt).toContain("PR-7");
    expect(toolOutput).toContain("Found 2 issues in PR-7.");
    expect(skills.forks()).toHaveLength(1);
  });

  it("gives a fork's subagent only the tools the skill's allowed-tools and disallowed-tools leave", async () => {
    const hostTool = (name: string) =>
      tool({
        description: name,
        inputSchema: jsonSchema<Record<string, never>>({ type: "object" }),
        execute: async () => "done",
      });
    const forkTools = { Read: hostTool("Read"), Write: hostTool("Write"), Bash: hostTool("Bash") };
    const offered = async (narrowing: "restrict" | "approve") => {
      let names: string[] = [];
      const subagent = new MockLanguageModelV3({
        doGenerate: async (options) => {
          names = options.tools?.map((each) => each.name) ?? [];
          return reply("Read it.");
        },
      });
      const skills = await open({ narrowing, fork: { model: subagent, tools: forkTools } });
      const result = await skills.tools.use_skill?.execute?.(
        { skill: "read-only-review", args: "PR-8" },
        { toolCallId: "n", messages: [] },
      );
      expect(result).toMatchObject({ isError: false });
      return names;
    };
    expect(await offered("restrict")).toEqual(["Read"]);
    expect(await offered("approve")).toEqual(["Read", "Bash"]);
  });

  it("does not let a fork start another fork: the subagent's use_skill gets an error result saying why", async () => {
    let subagentCalls = 0;
    const subagent = new MockLanguageModelV3({
      doGenerate: async (options) => {
        subagentCalls++;
        const last = options.prompt.at(-1);
        if (last?.role === "tool") return reply(`Subagent saw: ${lastToolOutput(options)}`);
        // Without a limit this would go on for as many levels as it is allowed.
        if (subagentCalls > 4) return reply("Gave up.");
        return callTool(`s${subagentCalls}`, "use_skill", { skill: "self-review", args: "PR-9" });
      },
    });
    const forkTools: ToolSet = {};
    const skills = await open({ fork: { model: subagent, tools: forkTools } });
    Object.assign(forkTools, skills.tools);
    const result = await skills.tools.use_skill?.execute?.(
      { skill: "self-review", args: "PR-9" },
      { toolCallId: "f", messages: [] },
    );
    expect(skills.forks()).toHaveLength(1);
    expect(subagentCalls).toBe(2);
    expect(result).toMatchObject({ isError: false });
    const seen = String(skills.forks()[0]?.text);
    expect(seen).toContain("Subagent saw:");
    expect(seen).toContain("a subagent task cannot start another one");
    expect(seen).toContain("skill_load");
  });

  it("stops a running fork when the generation that started it is aborted", async () => {
    const controller = new AbortController();
    let subagentSignal: AbortSignal | undefined;
    const subagent = new MockLanguageModelV3({
      doGenerate: async (options) => {
        subagentSignal = options.abortSignal;
        controller.abort(); // the person presses stop while the subagent works
        // A long answer, cut short only by its signal (as a provider's request is).
        return new Promise((resolve, reject) => {
          const signal = options.abortSignal;
          if (signal?.aborted) return reject(signal.reason);
          const timer = setTimeout(() => resolve(reply("Finished anyway.")), 200);
          signal?.addEventListener("abort", () => {
            clearTimeout(timer);
            reject(signal.reason);
          });
        });
      },
    });
    const skills = await open({ fork: { model: subagent } });
    const model = new MockLanguageModelV3({
      doGenerate: async () => callTool("a1", "use_skill", { skill: "deep-review", args: "PR-10" }),
    });
    const run = generateText({
      model,
      prompt: "review PR-10",
      tools: skills.tools,
      stopWhen: stepCountIs(3),
      abortSignal: controller.signal,
    });
    await expect(run).rejects.toThrow();
    expect(subagentSignal?.aborted).toBe(true);
    expect(skills.forks()).toEqual([]);
  });

  it("refuses a contextWindow that is no count of tokens, naming the option and what it must be", async () => {
    for (const contextWindow of [Number.NaN, 0, -5, 1.5, Number.POSITIVE_INFINITY]) {
      await expect(open({ contextWindow })).rejects.toMatchObject({
        code: "options-invalid",
        message: expect.stringMatching(/^contextWindow must be .* a whole number of 1 or more .*; got /),
      });
    }
    const skills = await open({ contextWindow: 200_000 });
    expect(skills.session.inspect().catalog.budget).toBeGreaterThan(0);
  });

  it("keeps list arguments of use_skill grouped, as their string form is", async () => {
    const skills = await open();
    const use = (args: string | string[]) =>
      skills.tools.use_skill.execute({ skill: "pdf", args }, { toolCallId: "q", messages: [] });
    const listed = await use(["a b.pdf", "c.pdf"]);
    expect(listed.text).toContain(`Merge the PDFs "a b.pdf" c.pdf with qpdf.`);
    // Other arguments, another load: not the reminder of the one before.
    const regrouped = await use(["a", "b.pdf c.pdf"]);
    expect(regrouped.text).toContain(`Merge the PDFs a "b.pdf c.pdf" with qpdf.`);
    expect((await use(`"a b.pdf" c.pdf`)).data).toMatchObject({ suppressed: true });
  });

  it("keeps a denied skill out of the catalog, search, mentions and loads", async () => {
    const skills = await open();
    expect(skills.system()).not.toContain("secret-plan");
    const search = await skills.tools.skill_search?.execute?.(
      { query: "secret plan" },
      { toolCallId: "s", messages: [] },
    );
    expect(JSON.stringify(search)).not.toContain("secret-plan");
    const load = await skills.tools.skill_load?.execute?.(
      { name: "secret-plan" },
      { toolCallId: "l", messages: [] },
    );
    expect(load).toMatchObject({ isError: true });
    const prepared = await skills.prepareMessages([{ role: "user", content: "$secret-plan now" }]);
    expect(prepared.messages).toHaveLength(1);
    expect(JSON.stringify(prepared.messages)).not.toContain("Nobody may read this");
  });

  it("narrows the app's own tools to an active skill's allowed-tools", async () => {
    const appTools = { Bash: "bash", Read: "read", Write: "write", skill_load: "load" };
    const skills = await open({ narrowing: "restrict" });
    expect(skills.filterTools(appTools).tools).toEqual(appTools);
    await skills.prepareMessages([{ role: "user", content: "$git-only tidy the branches" }]);
    const restricted = skills.filterTools(appTools);
    expect(Object.keys(restricted.tools)).toEqual(["Bash", "Read", "skill_load"]);
    expect(restricted.removed).toEqual(["Write"]);
    const approving = await open({ narrowing: "approve" });
    await approving.prepareMessages([{ role: "user", content: "$git-only tidy the branches" }]);
    const approved = approving.filterTools(appTools);
    expect(Object.keys(approved.tools)).toEqual(["Bash", "Read", "Write", "skill_load"]);
    expect(approved.approved).toContain("Read");
  });
});
