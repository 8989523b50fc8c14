/**
 * @module The work of `skillset compose`: a session for this project, then the terminal composer, or
 * one message per line of standard input when there is no terminal.
 */
import { createSkillset, type SkillSession } from "@skillset/core/session";
import { type CommandContext, EXIT_OK, UsageError } from "../command.js";
import { configFlags } from "../config-flags.js";
import { importTerminalUi, terminalOf } from "../interactive/terminal-streams.js";
import { turnJson, turnLines } from "../interactive/turn-output.js";
import { escapeJsonControls } from "../json/write-json.js";
import { fs } from "../node-fs.js";

/** Exit code after Ctrl-C, as shells report an interrupted program. */
const EXIT_INTERRUPTED = 130;

async function sendAndShow(context: CommandContext, session: SkillSession, text: string, print: boolean) {
  const turn = await session.prepareTurn(text, { source: "user" });
  context.stdout.write(
    print
      ? `${escapeJsonControls(JSON.stringify(turnJson(text, turn)))}\n`
      : `${turnLines(turn).join("\n")}\n`,
  );
}

/** No terminal: every non-empty line of standard input is a message. */
async function linePrompt(context: CommandContext, session: SkillSession, print: boolean): Promise<number> {
  if (!context.readStdin) throw new UsageError("no terminal and no standard input to read messages from");
  const input = await context.readStdin();
  for (const text of input.split(/\r?\n/)) {
    if (text.trim() !== "") await sendAndShow(context, session, text, print);
  }
  return EXIT_OK;
}

export async function run(context: CommandContext): Promise<number> {
  const print = context.values.print === true;
  const home = context.env.HOME ? { home: context.env.HOME } : {};
  const config = configFlags(context);
  const skills = await createSkillset({
    cwd: context.cwd,
    env: context.env,
    ...home,
    ...(config === undefined ? {} : { config }),
  });
  context.afterwards.push(() => skills.close());
  const session = skills.session();
  const terminal = terminalOf(context.stdio);
  if (!terminal) return linePrompt(context, session, print);
  const [{ runInk }, { ComposeApp }, { createElement }] = await importTerminalUi(() =>
    Promise.all([
      import("../interactive/run-ink.js"),
      import("../interactive/compose-app.js"),
      import("react"),
    ]),
  );
  // SKILLSET_KEY_TIMING=<file>: append the milliseconds from each key to the frame drawn after it (tests).
  const timingFile = context.env.SKILLSET_KEY_TIMING;
  let keyAt: number | undefined;
  const onKey = timingFile
    ? () => {
        keyAt = performance.now();
      }
    : undefined;
  const onRender = timingFile
    ? () => {
        if (keyAt === undefined) return;
        fs.appendFileSync(timingFile, `${(performance.now() - keyAt).toFixed(2)}\n`);
        keyAt = undefined;
      }
    : undefined;
  const entries = () => skills.registry.entries();
  const send = async (text: string) => turnLines(await session.prepareTurn(text, { source: "user" }));
  const ended = await runInk<import("../interactive/compose-app.js").ComposeExit>(
    terminal,
    createElement(ComposeApp, { entries, send, once: print, ...(onKey ? { onKey } : {}) }),
    onRender,
  );
  if (ended?.kind === "interrupted") return EXIT_INTERRUPTED;
  if (ended?.kind === "sent") await sendAndShow(context, session, ended.text, print);
  return EXIT_OK;
}
