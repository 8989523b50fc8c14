/**
 * @module The CLI side of installing: the limits given as flags, and the `InstallIo` that shows each
 * candidate's review (`candidate-review.ts`), asks on a terminal (via `@clack/prompts`, loaded only then)
 * and answers from `--yes` elsewhere.
 */
import { AUDIT_RULES, type AuditFinding } from "@skillset/core/audit";
import { inertForTerminal, suggestNames } from "@skillset/core/model";
import type { InstallIo, InstallLimits } from "@skillset/install";
import { type CommandContext, UsageError } from "./command.js";
import { elideMiddle, REVIEW_WIDTH } from "./terminal/elide-middle.js";
import { outputColumns } from "./terminal/output-width.js";
import { withWrapRules } from "./terminal/wrap-width.js";

/** The rules `--allow-risk` names (repeatable, or comma-separated); an unknown rule is a usage error. */
export function allowedRisks(context: CommandContext): Set<string> {
  const raw = context.values["allow-risk"];
  const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).flatMap((value) =>
    String(value)
      .split(",")
      .map((rule) => rule.trim())
      .filter(Boolean),
  );
  const known = AUDIT_RULES.map((rule) => rule.id);
  for (const rule of values) {
    if (known.includes(rule)) continue;
    const near = suggestNames(rule, known, (name) => [name]);
    throw new UsageError(
      `--allow-risk: no audit rule named '${inertForTerminal(rule)}'${near.length > 0 ? ` (did you mean ${near.join(", ")}?)` : ""}; the rules are listed by \`skillset audit --json\` findings and in the README's Audit section`,
    );
  }
  return new Set(values);
}

/**
 * The limits given on the command line. A value that is not a positive whole number is a usage error
 * naming the flag: silently falling back to the default would hide a typo in a bound someone relied on.
 */
export function limitsFrom(context: CommandContext): Partial<InstallLimits> {
  const number = (name: string, unit: string) => {
    const value = context.values[name];
    if (typeof value !== "string") return undefined;
    const parsed = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(parsed) || parsed < 1)
      throw new UsageError(
        `--${name} takes a positive whole number of ${unit}, not '${inertForTerminal(value)}'`,
      );
    return parsed;
  };
  const limits: Partial<InstallLimits> = {};
  const maxFileBytes = number("max-file-bytes", "bytes");
  const maxTotalBytes = number("max-total-bytes", "bytes");
  const maxFiles = number("max-files", "files");
  const timeout = number("timeout", "seconds");
  const maxCompressionRatio = number("max-compression-ratio", "bytes per packed byte");
  if (maxFileBytes) limits.maxFileBytes = maxFileBytes;
  if (maxTotalBytes) limits.maxTotalBytes = maxTotalBytes;
  if (maxFiles) limits.maxFiles = maxFiles;
  if (timeout) limits.timeoutMs = timeout * 1000;
  if (maxCompressionRatio) limits.maxCompressionRatio = maxCompressionRatio;
  return limits;
}

/**
 * The person's interruption (Ctrl-C, SIGTERM) as an `AbortSignal` for an install command, when the CLI
 * runs as a process: the fetch stops, its files are removed, and the command exits 130 or 143.
 */
export function interruptible(context: CommandContext): { signal?: AbortSignal } {
  const signal = context.interrupts?.();
  return signal ? { signal } : {};
}

/** Whether a person is at the terminal (prompts are possible). */
export function interactive(context: CommandContext): boolean {
  return Boolean(context.stdout.isTTY) && Boolean(process.stdin.isTTY) && context.env.CI === undefined;
}

/**
 * Whether the person approves `findings` (an audit's, at medium or worse) of the skill `name`: each rule
 * named by `--allow-risk` is approved; the rest are asked on a terminal (`question`), approved by `--yes`
 * elsewhere unless one is critical, and otherwise refused with what to pass (SPEC §17). One gate for
 * `add`, `update` and `remote approve`.
 */
export async function approveAuditFindings(
  context: CommandContext,
  name: string,
  findings: readonly AuditFinding[],
  question: string,
): Promise<boolean> {
  const allowed = allowedRisks(context);
  const open = findings.filter((finding) => !allowed.has(finding.rule));
  if (open.length === 0) return true;
  const critical = open.filter((finding) => finding.severity === "critical");
  const rules = [...new Set(open.map((finding) => finding.rule))].join(", ");
  if (interactive(context)) {
    const { confirm, isCancel } = await import("@clack/prompts");
    const answer = await confirm({
      message: `${inertForTerminal(name)}: the audit flags ${rules}${critical.length > 0 ? " (critical)" : ""}. ${question}`,
      initialValue: false,
    });
    return !isCancel(answer) && answer === true;
  }
  if (context.values.yes === true && critical.length === 0) return true;
  context.stderr.write(
    `${inertForTerminal(name)}: the audit flags ${rules}. ${
      critical.length > 0
        ? "--yes does not approve a critical finding; "
        : "Approval needed: re-run with --yes or "
    }pass --allow-risk RULE for each rule you accept.\n`,
  );
  return false;
}

/** Shows slow work starting on a terminal: one line, elided in the middle, so a long URL does not wrap. */
export function progressLine(context: CommandContext): (message: string) => void {
  return (message) => {
    const width = Math.min(outputColumns(context.stderr, context.env) ?? REVIEW_WIDTH, REVIEW_WIDTH);
    if (context.stderr.isTTY) context.stderr.write(`${elideMiddle(inertForTerminal(message), width)}\n`);
  };
}

/** The `InstallIo` for a command run: prompts on a terminal, `--yes` and flags otherwise. */
export function terminalIo(context: CommandContext): InstallIo {
  const yes = context.values.yes === true;
  const tty = interactive(context);
  // An unknown rule is a usage error before anything is fetched.
  allowedRisks(context);
  // The review is imported now and awaited only when a candidate is shown: it loads while the source is
  // fetched, off the command's critical path.
  const reviewing = import("./candidate-review.js");
  reviewing.catch(() => {}); // a failed import is reported where it is awaited
  return {
    approveFindings: (candidate, findings) =>
      approveAuditFindings(context, candidate.name, findings, "Install it anyway?"),
    progress: progressLine(context),
    async choose(skills) {
      if (!tty) return undefined;
      const { multiselect, isCancel } = await import("@clack/prompts");
      const picked = await multiselect({
        message: "Which skills?",
        options: skills.map((skill) => ({
          value: skill.name,
          label: inertForTerminal(skill.name),
          hint: inertForTerminal(skill.description.slice(0, 70)),
        })),
        required: true,
      });
      return isCancel(picked) ? [] : (picked as string[]);
    },
    async review(candidate) {
      const { describeCandidate } = await reviewing;
      const columns = outputColumns(context.stdout, context.env);
      context.stdout.write(await withWrapRules(() => describeCandidate(candidate, context.color, columns)));
    },
    async approve(question, asked) {
      if (yes) return true;
      if (!tty) {
        context.stderr.write(`${question} Approval needed: re-run with --yes.\n`);
        return false;
      }
      const { confirm, isCancel } = await import("@clack/prompts");
      // Enter gives No when anything risky changed: a person skimming past must not approve new code.
      const answer = await confirm({ message: question, initialValue: asked?.defaultAnswer ?? true });
      return !isCancel(answer) && answer === true;
    },
  };
}
