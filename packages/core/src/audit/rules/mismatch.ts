/**
 * @module Mismatch (SPEC §17): a description that promises local work (formatting, counting, converting)
 * while the skill's scripts send data over the network or read credentials. A description that names an AI
 * model or service ("with Claude", "using GPT") promises its API calls. What a skill says is what a
 * person approves; a script doing something else was hidden on purpose.
 */
import { type AuditRule, hitAt, type RuleHit } from "../audit-rule.js";
import { lineHas } from "../line-anchors.js";
import { readsCredentials } from "./secrets.js";
import { CREDENTIAL_ANCHORS, NETWORK_ANCHORS, NETWORK_ANY, NETWORK_SEND, SEND_ANCHORS } from "./signals.js";

const LOCAL_CLAIM =
  /\b(format\w*|lint\w*|prettif\w*|indent\w*|spell\w*|grammar|typos?|count\w*|convert\w*|renam\w*|sort\w*|calculat\w*|math|arithmetic|word|words|text|markdown|csv|json|yaml|local(ly)?|offline|whitespace|style|styles|comments?|docstrings?|summar\w*|todo|notes?|diff)\b/i;
const NETWORK_CLAIM =
  /\b(api|apis|http\w*|web\w*|urls?|network\w*|online|internet|upload\w*|download\w*|fetch\w*|remote\w*|cloud|servers?|servic\w*|deploy\w*|publish\w*|sync\w*|send\w*|post\w*|webhooks?|slack|discord|email\w*|mail|notif\w*|github|gitlab|bitbucket|jira|linear|notion|search\w*|request\w*|browse\w*|scrap\w*|crawl\w*|install\w*|updat\w*|telemetry|analytics|report\w*|share\w*|s3|gcs|azure|aws|gcp|database|db|mcp|openai|anthropic|llm|model|translat\w*|weather|news|stock\w*|price\w*|ai|claude|gpt\w*|chatgpt|gemini|mistral|llama|cohere|ollama|openrouter|groq|deepseek|perplexity|copilot)\b/i;
const OFFLINE_CLAIM =
  /\b(offline|no network|never (uses|touches|calls) the network|without network|locally only|local only)\b/i;

export const descriptionMismatch: AuditRule = {
  id: "description-mismatch",
  category: "mismatch",
  severity: "high",
  summary: "The description promises local work; the scripts use the network or read credentials",
  why: "A person approves a skill for what it says it does; scripts that do something else were hidden in it.",
  check:
    "Compare the description with what the scripts do; ask the author why a formatter needs the network.",
  run(context) {
    if (!context.files.some((file) => file.kind === "script")) return [];
    const description = `${context.name ?? ""} ${context.description ?? ""}`;
    const offline = OFFLINE_CLAIM.test(description);
    if (!offline && (!LOCAL_CLAIM.test(description) || NETWORK_CLAIM.test(description))) return [];
    const hits: RuleHit[] = [];
    for (const file of context.files) {
      if (file.kind !== "script") continue;
      const unit = file.units[0]!;
      // The first line that sends, reads credentials or (said offline) calls out; only marked lines are read.
      let found: number | undefined;
      for (let index = 0; index < file.lineCount && found === undefined; index++) {
        const send = lineHas(file.marks, index, SEND_ANCHORS);
        const read = lineHas(file.marks, index, CREDENTIAL_ANCHORS);
        const call = offline && lineHas(file.marks, index, NETWORK_ANCHORS);
        if (!send && !read && !call) continue;
        const line = file.line(index);
        if (
          (send && NETWORK_SEND.test(line)) ||
          (read && readsCredentials(line) !== undefined) ||
          (call && NETWORK_ANY.test(line))
        )
          found = index;
      }
      if (found === undefined) continue;
      const text = file.line(found);
      hits.push(
        hitAt(unit, found + 1, text, undefined, {
          why: `The description says "${(context.description ?? "").slice(0, 80)}", but ${file.path} ${
            readsCredentials(text) ? "reads credentials" : "sends data over the network"
          }.`,
        }),
      );
    }
    return hits;
  },
};
