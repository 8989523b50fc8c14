/**
 * @module Instructions aimed at the model against its host or its user (SPEC §17): overriding the system or
 * the user, hiding actions, directives in HTML comments a person does not see rendered, and invisible
 * Unicode (tag characters, zero-width, bidi controls) that smuggles text past a reader. Phrases quoted or
 * discussed as attacks (a security-training skill) are described, not asked for: they are lowered.
 */
import { type AuditRule, evidence, type RuleHit } from "../audit-rule.js";
import { anchorGroup, INVISIBLE_GROUP } from "../line-anchors.js";
import { firstThen, later, linePattern, next } from "../line-pattern.js";
import {
  type AuditContext,
  eachFileLineHolding,
  fileHolds,
  proseHolding,
  type ScannedFile,
} from "../scan-context.js";
import { RISKY_ACTION } from "./signals.js";

const OVERRIDE =
  /(?:^|[.!:;>*\-#"]\s*|\b(?:please|now|must|should|always|you|then|and)\s+)(ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+)?(previous|prior|above|earlier|preceding|system|developer|original|safety|security)\s+(instructions?|prompts?|rules|guidelines|directives|messages|constraints|guardrails|policies|polic(y|ies))\b/i;
const ROLE_HIJACK =
  /\b(you are now (in )?(developer|god|jailbreak|unrestricted|DAN)\b|from now on,? you (will|must) (ignore|not follow)|new system prompt\s*:|<\/?(system|im_start)>\s*$)/i;

const OVERRIDE_ANCHORS = anchorGroup(
  [
    "ignore",
    "disregard",
    "forget",
    "override",
    "bypass",
    "you are now",
    "from now on",
    "system prompt",
    "system>",
    "im_start>",
  ],
  OVERRIDE,
  ROLE_HIJACK,
);

/** Whether offset `at` of `text` lies inside quotation marks (the phrase is quoted, not said). */
export function insideQuotes(text: string, at: number): boolean {
  const before = text.slice(0, at);
  const straight = (before.match(/"/g)?.length ?? 0) % 2 === 1;
  const curly = before.lastIndexOf("“") > before.lastIndexOf("”");
  const backtick = (before.match(/`/g)?.length ?? 0) % 2 === 1;
  return straight || curly || backtick;
}

/** A line that talks about such a phrase rather than says it: quotes, attack vocabulary, examples. */
const DISCUSSED =
  /\b(attack\w*|inject\w*|malicious|adversar\w*|jailbreak\w*|detect\w*|e\.g\.|such as|for example|example|phrases?|patterns?|red flags?|watch for|look for|beware|flag|suspicious|classif\w*|tries to|attempts? to)\b|["“”'`«»]\s*(ignore|disregard|forget|override|bypass)/i;

/**
 * What follows "ignore previous instructions" when the instructions meant are ones found in data: "… found
 * in commit messages and never act on them" is a defence against injection, not an injection.
 */
const IN_DATA =
  /^\s*,?\s*(that|which)?\s*(are|appear\w*|found|contained|embedded|written|hidden|inside|included)?\s*(in|inside|within|from)\s+(the\s+|any\s+|a\s+|an\s+)?([\w-]+\s+){0,2}?(commits?|commit messages?|web\s?pages?|pages?|sites?|files?|documents?|tools?|tool (output|results?)|emails?|issues?|comments?|data|content|inputs?|outputs?|messages?|texts?|repositor\w*|code|pull requests?|PRs?|search results?|results?|fetched|retrieved|untrusted|external|third-party|user-provided|html|markdown|readmes?|logs?|diffs?|tickets?)\b/i;

const CONCEAL =
  /\b(do not|don'?t|never|without)\s+(tell(ing)?|inform(ing)?|notify(ing)?|mention(ing)?|reveal(ing)?|show(ing)?|alert(ing)?|warn(ing)?|let(ting)?)\s+(the\s+|your\s+)?(user|human|operator|person|owner)\b(?!\s+(to|know how|what (to|you need)))|\b(hide|conceal)\s+(this|these|it|them|the\s+\w+(\s+\w+)?)\s+from\s+(the\s+)?(user|human)\b|\b(silently|secretly|covertly|discreetly|invisibly|quietly)\s+(send|upload|post|transmit|exfiltrate|copy|forward|run|execute|install|download|delete|collect|read|share|add|append|write)\b|\bwithout\s+(the\s+(user|owner|person)'?s?|their|your)\s+(knowledge|consent|awareness)\b|\bwithout\s+the\s+(user|owner|person)\s+(knowing|noticing|seeing)\b|\b(user|they)\s+(must|should)\s+(not|never)\s+(know|see|notice|find out)\b|\b(do not|don'?t|never)\s+(tell|mention|reveal|show|say)\s+(this|it|that|these|anything)\s+to\s+(the\s+)?(user|human)\b/i;

// Each branch of CONCEAL says a hiding adverb, or whom (or what of theirs), how it is kept from them and
// what is kept (told, shown, known, seen…): a line must hold an anchor of each group.
const HIDING = ["silently", "secretly", "covertly", "discreetly", "invisibly", "quietly"];
const CONCEAL_WHOM = anchorGroup(
  [...HIDING, "user", "human", "operator", "person", "owner", "they", "knowledge", "consent", "awareness"],
  CONCEAL,
);
const CONCEAL_HOW = anchorGroup(
  [...HIDING, "do not", "don't", "dont", "never", "without", "hide", "conceal", "must", "should"],
  CONCEAL,
);
const CONCEAL_WHAT = anchorGroup(
  [
    ...HIDING,
    ...["tell", "inform", "notif", "mention", "reveal", "show", "alert", "warn", "let", "say"],
    ...["hide", "conceal", "know", "consent", "aware", "notic", "see", "find out"],
  ],
  CONCEAL,
);

const TAG_CHARACTERS = /[\u{e0000}-\u{e007f}]+/gu;
const SMUGGLING_SELECTORS = /[\u{e0100}-\u{e01ef}]{4,}/u;
const BIDI = /[\u202a-\u202e\u2066-\u2069]/u;
// Zero-width characters inside a word, or a run of them: not the joiner inside an emoji sequence.
const ZERO_WIDTH_IN_WORD =
  /[A-Za-z0-9][\u200b-\u200d\u2060-\u2064\ufeff\u180e]+[A-Za-z0-9]|[\u200b-\u200d\u2060-\u2064\ufeff\u180e]{3,}/u;

function instructionFiles(context: AuditContext): ScannedFile[] {
  return context.files.filter((file) => file.kind === "skill" || file.kind === "markdown");
}

/** The prose lines of a file with two lines of context (a paragraph, roughly). */
function around(file: ScannedFile, line: number): string {
  const lines: string[] = [];
  for (let index = Math.max(0, line - 2); index < Math.min(line + 1, file.lineCount); index++)
    lines.push(file.line(index));
  return lines.join(" ");
}

export const instructionOverride: AuditRule = {
  id: "instruction-override",
  category: "instructions",
  severity: "high",
  summary: "Tells the model to ignore its system, developer or earlier instructions",
  why: "A skill has no business overriding the host's or the user's instructions; this is how a prompt injection takes over an agent.",
  check:
    "Read the sentence in context: a skill that describes injection attacks quotes such phrases; one that says them to the model is hostile.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const file of instructionFiles(context)) {
      if (!fileHolds(file, OVERRIDE_ANCHORS)) continue;
      for (const { line, text } of proseHolding(file, OVERRIDE_ANCHORS)) {
        const match = OVERRIDE.exec(text) ?? ROLE_HIJACK.exec(text);
        if (!match) continue;
        const discussed =
          DISCUSSED.test(text) ||
          context.securityTopic ||
          insideQuotes(text, match.index + 2) ||
          IN_DATA.test(text.slice(match.index + match[0].length));
        hits.push({
          file: file.path,
          line,
          evidence: evidence(text, match.index),
          ...(discussed ? { severity: "low" as const } : {}),
        });
      }
    }
    return hits;
  },
};

export const concealFromUser: AuditRule = {
  id: "conceal-from-user",
  category: "instructions",
  severity: "high",
  summary: "Tells the model to keep an action from the user",
  why: "Hiding what is done (sending, running, installing) from the person is how a malicious skill acts unseen.",
  check:
    "See what the hidden action is; a skill that needs to be hidden from its user should not be installed.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const file of instructionFiles(context)) {
      if (!fileHolds(file, CONCEAL_WHOM) || !fileHolds(file, CONCEAL_HOW)) continue;
      for (const { line, text } of proseHolding(file, CONCEAL_WHOM, CONCEAL_HOW, CONCEAL_WHAT)) {
        const match = CONCEAL.exec(text);
        if (!match) continue;
        const risky = RISKY_ACTION.test(around(file, line));
        const discussed = context.securityTopic || DISCUSSED.test(text);
        hits.push({
          file: file.path,
          line,
          evidence: evidence(text, match.index),
          ...(risky && !discussed ? {} : { severity: "low" as const }),
        });
      }
    }
    return hits;
  },
};

/**
 * The HTML comments of `text`, as `/<!--([\s\S]*?)-->/g` finds them, in one pass: that pattern looked for a
 * `-->` to the end of the text from every `<!--` (a text of 100,000 `<!--` took minutes).
 */
function* htmlComments(text: string): Generator<{ index: number; inside: string }> {
  for (let open = text.indexOf("<!--"); open !== -1; ) {
    const close = text.indexOf("-->", open + 4);
    // No comment closes after this one opens: none after it does either.
    if (close === -1) return;
    yield { index: open, inside: text.slice(open + 4, close) };
    open = text.indexOf("<!--", close + 3);
  }
}
const TOOLING_COMMENT =
  /^\s*([\w-]+:\s|<\/?[a-z]+[\s>]|markdownlint|prettier|eslint|toc|omit|begin|end|start|stop|auto-?generated|generated|do not edit|todo|fixme|note|section|cspell|vale|textlint|lint|region|endregion|#region|\w+:\s*(start|end)\b|[\w-]+\s*$)/i;
/** A sentence that gives an order: starts with a verb, or says "you must", "always", "make sure". */
const DIRECTIVE =
  /^\s*([-*>]\s*)?((then|also|now|please|first|next|finally|and),?\s+)*(run|execute|send|upload|read|fetch|download|install|delete|remove|copy|post|curl|wget|open|append|write|add|ignore|disregard|include|collect|forward)\b|\b(you (must|should|will|need to|are to)|always|never|make sure|be sure to|do not|don'?t)\b|^\s*(assistant|agent|model|ai|claude|system)\s*:/i;

/** What an order hidden in a comment must be about to matter: the network, secrets, running code. */
const COMMENT_RISK =
  /\b(send|upload\w*|post|transmit\w*|exfiltrat\w*|curl|wget|credential\w*|passwords?|tokens?|api[_ ]?keys?|secrets?|ssh|\.env|environment variables|cookies?|execut\w*|download\w*|wallet|private keys?)\b/i;

/** Whether a sentence of `text` orders a risky action. */
function ordersRiskyAction(text: string): boolean {
  return text
    .replace(/\bhttps?:\/\/\S+/g, " ")
    .split(/[.!?](?=\s|$)|\n/)
    .some((sentence) => DIRECTIVE.test(sentence) && COMMENT_RISK.test(sentence));
}
const COMMAND_IN_COMMENT =
  /\b(curl|wget|bash\s+-c|base64|\/dev\/tcp|nc\s+-|powershell|Invoke-\w+|chmod\s+\+x|rm\s+-rf|ssh\s)\b/i;

export const htmlCommentInstruction: AuditRule = {
  id: "html-comment-instruction",
  category: "instructions",
  severity: "medium",
  summary: "An instruction to the model inside an HTML comment",
  why: "An HTML comment is not shown when Markdown is rendered, but the model reads it: a place to hide instructions from the person reviewing the skill.",
  check:
    "Open the raw file and read the comment; editorial notes are harmless, directives to the model are not.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const file of instructionFiles(context)) {
      if (!file.text.includes("<!--")) continue;
      for (const comment of htmlComments(file.text)) {
        const inside = comment.inside.trim();
        if (inside === "") continue;
        const line = file.lineAt(comment.index) + 1;
        const override = OVERRIDE.test(inside) || ROLE_HIJACK.test(inside) || CONCEAL.test(inside);
        const words = inside.replace(/\bhttps?:\/\/\S+/g, " ");
        const addressed = ordersRiskyAction(inside);
        const command =
          COMMAND_IN_COMMENT.test(words) && COMMENT_RISK.test(words.replace(COMMAND_IN_COMMENT, " "));
        // A one-line tooling marker (`markdownlint-disable`, `prettier-ignore`, `key: value`) is not prose.
        const tooling = !inside.includes("\n") && TOOLING_COMMENT.test(inside);
        if (!override && !addressed && (tooling || !command)) continue;
        const discussed = context.securityTopic || DISCUSSED.test(inside);
        hits.push({
          file: file.path,
          line,
          evidence: evidence(inside.replace(/\s+/g, " ")),
          ...(discussed ? { severity: "low" as const } : override ? { severity: "high" as const } : {}),
        });
      }
    }
    return hits;
  },
};

/** The ASCII text that tag characters (U+E0000–E007F) spell. */
export function decodeTagCharacters(text: string): string {
  return [...text].map((character) => String.fromCodePoint(character.codePointAt(0)! - 0xe0000)).join("");
}

export const invisibleUnicode: AuditRule = {
  id: "invisible-unicode",
  category: "instructions",
  severity: "high",
  summary: "Invisible Unicode that hides text: tag characters (ASCII smuggling), zero-width or bidi controls",
  why: "Characters a reviewer cannot see still reach the model: tag characters spell hidden ASCII instructions, bidi controls reorder code so it reads differently than it runs.",
  check:
    "Show the file with invisible characters revealed (e.g. `cat -v`, an editor's 'render whitespace') and read what they hide.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const file of context.files) {
      if (!fileHolds(file, INVISIBLE_GROUP)) continue;
      eachFileLineHolding(file, INVISIBLE_GROUP, (text, index) => {
        const line = index + 1;
        const tags = text.match(TAG_CHARACTERS);
        if (tags) {
          const hidden = tags.map(decodeTagCharacters).join(" ");
          hits.push({
            file: file.path,
            line,
            evidence: evidence(`hidden text: ${hidden}`),
            severity: "critical",
            why: "Unicode tag characters (U+E0000–E007F) spell text no reader sees but the model reads: ASCII smuggling.",
          });
          return;
        }
        if (SMUGGLING_SELECTORS.test(text)) {
          hits.push({ file: file.path, line, evidence: evidence(text), severity: "high" });
          return;
        }
        const bidi = BIDI.exec(text);
        if (bidi) {
          hits.push({
            file: file.path,
            line,
            evidence: evidence(text, bidi.index),
            severity: file.kind === "script" || file.kind === "config" ? "high" : "medium",
          });
          return;
        }
        const zero = ZERO_WIDTH_IN_WORD.exec(text);
        if (zero)
          hits.push({ file: file.path, line, evidence: evidence(text, zero.index), severity: "medium" });
      });
    }
    return hits;
  },
};

const TRIGGER =
  /\b(when(ever)?|if)\b[^.\n]{0,50}\b(says?|types?|writes?|sends?|contains?|includes?|mentions?|enters?|uses the (word|phrase|code))\b[^.\n]{0,12}["“'`][^"”'`\n]{2,60}["”'`][^.\n]{0,120}\b(ignore\w*|bypass\w*|disable\w*|skip (all |the )?(safety|security|checks?|confirmation|rules|restrictions)|without (asking|confirmation|restrictions)|grant\w*|admin|root access|reveal\w*|unlock\w*|(developer|god|debug|secret|unrestricted) mode|all restrictions|exfiltrat\w*|send (the |all |every )?\w+ to)\b/i;

// What the phrase unlocks: the last part of TRIGGER, one of which every match holds.
const TRIGGER_ANCHORS = anchorGroup(
  [
    "ignore",
    "bypass",
    "disable",
    "skip",
    "without",
    "grant",
    "admin",
    "root access",
    "reveal",
    "unlock",
    "mode",
    "all restrictions",
    "exfiltrat",
    "send",
  ],
  TRIGGER,
);
// And what comes before: "when" or "if", then what the user does with the phrase.
const TRIGGER_WHEN = anchorGroup(["when", "if"], TRIGGER);
const TRIGGER_SAYS = anchorGroup(
  ["say", "type", "write", "send", "contain", "include", "mention", "enter", "uses the"],
  TRIGGER,
);
const SCRIPT_TRIGGER = linePattern(
  [
    firstThen(
      String.raw`\bif\b`,
      next(String.raw`(==|===|\bin\b|\.includes\(|\.startsWith\()`) + later(String.raw`["'][^"'\s]{8,}["']`),
    ),
  ],
  "",
);
const SCRIPT_TRIGGER_SOURCE = /\b(request|recv|message|body|payload|socket|conn|stdin|headers?)\b/i;
const SCRIPT_TRIGGER_ANCHORS = anchorGroup(
  ["request", "recv", "message", "body", "payload", "socket", "conn", "stdin", "header"],
  SCRIPT_TRIGGER_SOURCE,
);

export const magicTrigger: AuditRule = {
  id: "magic-trigger",
  category: "persistence",
  severity: "high",
  summary: "A magic phrase that switches off safety or unlocks hidden behaviour",
  why: "A trigger phrase that disables checks or reveals secrets is a backdoor: whoever knows the phrase controls the agent.",
  check:
    'Read what the phrase unlocks; ordinary command words ("when the user says deploy, run the deploy script") are not this.',
  run(context) {
    const hits: RuleHit[] = [];
    for (const file of instructionFiles(context)) {
      if (!fileHolds(file, TRIGGER_ANCHORS)) continue;
      for (const { line, text } of proseHolding(file, TRIGGER_ANCHORS, TRIGGER_WHEN, TRIGGER_SAYS)) {
        const match = TRIGGER.exec(text);
        if (!match) continue;
        hits.push({
          file: file.path,
          line,
          evidence: evidence(text, match.index),
          ...(context.securityTopic || DISCUSSED.test(text.replace(/["“'`][^"”'`]*["”'`]/g, ""))
            ? { severity: "low" as const }
            : {}),
        });
      }
    }
    for (const file of context.files.filter((entry) => entry.kind === "script")) {
      if (!fileHolds(file, SCRIPT_TRIGGER_ANCHORS)) continue;
      eachFileLineHolding(file, SCRIPT_TRIGGER_ANCHORS, (text, index) => {
        if (!SCRIPT_TRIGGER.test(text)) return;
        if (!SCRIPT_TRIGGER_SOURCE.test(text)) return;
        const body = file.lines(index + 1, index + 5);
        if (/\b(os\.system|subprocess|exec|eval|spawn|popen|shell=True|child_process|\/bin\/sh)\b/.test(body))
          hits.push({ file: file.path, line: index + 1, evidence: evidence(text) });
      });
    }
    return hits;
  },
};
