/**
 * A tool whose input is a skillset schema, handed to the AI SDK's `tool()` as it is (Standard Schema,
 * no zod anywhere): the model is shown the schema's JSON Schema, valid input reaches `execute` checked,
 * and invalid input comes back to the model as a tool error with skillset's own wording.
 */
import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from "@ai-sdk/provider";
import { integer, object, optional, string } from "@skillset/core/schema";
import { generateText, stepCountIs, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

const callTool = (input: unknown): LanguageModelV3GenerateResult => ({
  content: [{ type: "tool-call", toolCallId: "t1", toolName: "forecast", input: JSON.stringify(input) }],
  finishReason: { unified: "tool-calls", raw: "tool_calls" },
  usage,
  warnings: [],
});

const reply: LanguageModelV3GenerateResult = {
  content: [{ type: "text", text: "done" }],
  finishReason: { unified: "stop", raw: "stop" },
  usage,
  warnings: [],
};

const forecastInput = object({
  city: string({ minLength: 1 }).describe("Which city"),
  days: optional(integer({ min: 1, max: 7 })),
});

/** One generation in which the model calls `forecast` with `input`, then stops. */
async function callForecast(input: unknown) {
  const received: unknown[] = [];
  let advertised: unknown;
  let step = 0;
  const model = new MockLanguageModelV3({
    doGenerate: async (options: LanguageModelV3CallOptions) => {
      step++;
      if (step === 1) {
        advertised = options.tools?.find((t) => t.name === "forecast");
        return callTool(input);
      }
      return reply;
    },
  });
  const result = await generateText({
    model,
    prompt: "weather?",
    tools: {
      forecast: tool({
        description: "The weather ahead",
        inputSchema: forecastInput,
        execute: async (checked) => {
          // `checked` is typed from the schema: { city: string; days?: number }.
          received.push(checked);
          return `${checked.city}: sunny for ${checked.days ?? 1} day(s)`;
        },
      }),
    },
    stopWhen: stepCountIs(3),
  });
  return { result, received, advertised };
}

describe("a skillset schema as an AI SDK tool input (Standard Schema)", () => {
  it("shows the model the schema's JSON Schema and passes checked input to execute", async () => {
    const { result, received, advertised } = await callForecast({ city: "Oslo", days: 3 });
    expect(advertised).toMatchObject({
      type: "function",
      inputSchema: {
        type: "object",
        properties: { city: { type: "string", minLength: 1, description: "Which city" } },
        required: ["city"],
      },
    });
    expect(received).toEqual([{ city: "Oslo", days: 3 }]);
    expect(result.steps[0]?.toolResults[0]?.output).toBe("Oslo: sunny for 3 day(s)");
  });

  it("refuses input the schema does not accept, in skillset's words, without running the tool", async () => {
    const { result, received } = await callForecast({ city: "", days: 30 });
    expect(received).toEqual([]);
    const error = result.steps[0]?.content.find((part) => part.type === "tool-error");
    expect(String((error as { error?: unknown } | undefined)?.error)).toMatch(
      /'city' must be a non-empty string/,
    );
  });

  it("answers the Standard Schema interface directly", async () => {
    const standard = forecastInput["~standard"];
    expect(standard).toMatchObject({ version: 1, vendor: "skillset" });
    expect(standard.validate({ city: "Rome" })).toEqual({ value: { city: "Rome" } });
    expect(standard.validate({ city: 4 })).toEqual({
      issues: [{ message: "'city' must be a non-empty string (got 4)", path: ["city"] }],
    });
    expect(standard.jsonSchema.input({ target: "draft-07" })).toEqual(forecastInput.toJsonSchema());
    expect(() => standard.jsonSchema.input({ target: "openapi-3.0" })).toThrow(/draft-2020-12 or draft-07/);
  });
});
