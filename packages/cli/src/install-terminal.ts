/**
 * @module The CLI side of installing: the limits given as flags, how a candidate skill and its
 * risks are printed (inert: text from a source never reaches the terminal raw), and the `InstallIo` that
 * asks on a terminal (via `@clack/prompts`, loaded only then) and answers from `--yes` elsewhere.
 */
import { inertForTerminal } from "@skillset/core/model";
import type { Candidate, InstallIo, InstallLimits } from "@skillset/install";
import { painter } from "./color.js";
import { type CommandContext, UsageError } from "./command.js";

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

/** The `InstallIo` for a command run: prompts on a terminal, `--yes` and flags otherwise. */
export function terminalIo(context: CommandContext): InstallIo {
  const yes = context.values.yes === true;
  const tty = interactive(context);
  return {
    progress(message) {
      if (context.stderr.isTTY) context.stderr.write(`${inertForTerminal(message)}\n`);
    },
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
    review(candidate) {
      context.stdout.write(describeCandidate(candidate, context.color));
    },
    async approve(question) {
      if (yes) return true;
      if (!tty) {
        context.stderr.write(`${question} Approval needed: re-run with --yes.\n`);
        return false;
      }
      const { confirm, isCancel } = await import("@clack/prompts");
      const answer = await confirm({ message: question });
      return !isCancel(answer) && answer === true;
    },
  };
}

/** The review block of one candidate: name, source, digest change, warnings, and the risk summary. */
export function describeCandidate(candidate: Candidate, color: boolean): string {
  const paint = painter(color);
  const safe = (text: string) => inertForTerminal(text);
  const { examination, entry, previous } = candidate;
  const lines = [
    `${paint("bold", safe(candidate.name))}  ${paint("gray", safe(`${entry.source} ${candidate.skill.path}`))}`,
  ];
  if (previous && previous.integrity !== entry.integrity)
    lines.push(
      `  ${paint("yellow", "changed")}  ${previous.integrity ?? previous.computedHash} → ${entry.integrity}`,
    );
  else lines.push(`  integrity ${entry.integrity}`);
  for (const warning of examination.warnings)
    lines.push(`  ${paint("yellow", "warning")}  ${safe(warning.message)}  ${paint("gray", warning.code)}`);
  const risks = examination.risks;
  const show = (label: string, items: string[]) => {
    if (items.length > 0) lines.push(`  ${paint("red", label)}  ${items.map(safe).join(", ")}`);
  };
  show("scripts", risks.scripts);
  show("allowed-tools", risks.broadTools);
  show("shell lines", risks.shellLines);
  show("hooks", risks.hooks);
  show("urls", risks.urls);
  return `${lines.join("\n")}\n`;
}
