/**
 * A one-question agent on the Vercel AI SDK with the skills around the current folder: the catalog in the
 * system prompt, `$mentions` in the question activated, the skill tools in the loop, `context: fork`
 * skills run as nested generations. Any OpenAI-compatible endpoint works:
 *
 *   LLM_BASE_URL=http://127.0.0.1:11434/v1 LLM_MODEL=qwen3 node examples/ai-sdk-chat/dist/chat.js "$pdf merge a.pdf b.pdf"
 *
 * (LLM_API_KEY too when the endpoint needs one.)
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { createAiSkills } from "@skillset/ai-sdk";
import { generateText, stepCountIs } from "ai";

const { LLM_BASE_URL: baseURL, LLM_API_KEY: apiKey, LLM_MODEL: modelId } = process.env;
const question = process.argv.slice(2).join(" ").trim();

if (!baseURL || !modelId) {
  process.stderr.write(
    "No model endpoint configured. Set LLM_BASE_URL (an OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1)\n" +
      "and LLM_MODEL (the model name), plus LLM_API_KEY if the endpoint needs one, then run:\n" +
      '  node examples/ai-sdk-chat/dist/chat.js "your question, $skill-name to use a skill"\n',
  );
  process.exit(2);
}
if (question === "") {
  process.stderr.write('Ask something: node examples/ai-sdk-chat/dist/chat.js "your question"\n');
  process.exit(2);
}

const provider = createOpenAICompatible({ name: "llm", baseURL, ...(apiKey ? { apiKey } : {}) });
const model = provider(modelId);
const skills = await createAiSkills({ cwd: process.cwd(), fork: { model } });
const turn = await skills.prepareMessages([{ role: "user", content: question }]);
for (const line of turn.visibleLines) process.stderr.write(`${line}\n`);
for (const finding of turn.diagnostics) process.stderr.write(`${finding.message}\n`);

const result = await generateText({
  model,
  system: `You are a helpful assistant.\n\n${skills.system()}`,
  messages: turn.messages,
  tools: skills.tools,
  stopWhen: stepCountIs(8),
});
for (const step of result.steps) {
  for (const call of step.toolCalls)
    process.stderr.write(`[tool] ${call.toolName} ${JSON.stringify(call.input)}\n`);
}
process.stdout.write(`${result.text}\n`);
