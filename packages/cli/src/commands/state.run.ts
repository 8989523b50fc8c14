/**
 * @module The work of `skillset state`: the saved enable/disable settings of each layer.
 */
import { configPaths, defaultConfig } from "@skillset/core/config";
import { inertForTerminal } from "@skillset/core/model";
import { findProjectRoot } from "@skillset/core/roots";
import { openStateStore, stateEnvironmentVariables } from "@skillset/core/state";
import { type CommandContext, EXIT_OK } from "../command.js";
import { writeJson } from "../json/write-json.js";

/** `skillset state`: each layer's file, its enabled and disabled keys, and any problem reading it. */
export async function run(context: CommandContext): Promise<number> {
  const projectRoot = await findProjectRoot(context.cwd, defaultConfig.discovery.projectMarkers);
  const paths = configPaths({
    projectRoot,
    env: context.env,
    ...(context.env.HOME ? { home: context.env.HOME } : {}),
  });
  const layers = await Promise.all(
    (
      [
        ["user", paths.userState],
        ["project", paths.projectState],
      ] as const
    ).map(async ([layer, file]) => {
      const { state, diagnostics } = await openStateStore(file).read();
      return { layer, file, enabled: state.enabled, disabled: state.disabled, diagnostics };
    }),
  );
  const variables = Object.fromEntries(
    stateEnvironmentVariables
      .filter((name) => context.env[name] !== undefined && context.env[name] !== "")
      .map((name) => [name, context.env[name] as string]),
  );
  if (context.values.json) {
    writeJson(context.stdout, { projectRoot, layers, environment: variables });
    return EXIT_OK;
  }
  const lines: string[] = [];
  for (const layer of layers) {
    lines.push(`${layer.layer} settings: ${layer.file}`);
    if (layer.enabled.length + layer.disabled.length === 0) lines.push("  (none)");
    for (const key of layer.disabled) lines.push(`  disabled  ${inertForTerminal(key)}`);
    for (const key of layer.enabled) lines.push(`  enabled   ${inertForTerminal(key)}`);
    for (const found of layer.diagnostics)
      lines.push(`  ${found.severity}: ${inertForTerminal(found.message)}`);
  }
  for (const [name, value] of Object.entries(variables)) lines.push(`${name}=${inertForTerminal(value)}`);
  lines.push("", "Forget an entry with `skillset enable NAME --reset` (add --project for the project's).");
  context.stdout.write(`${lines.join("\n")}\n`);
  return EXIT_OK;
}
