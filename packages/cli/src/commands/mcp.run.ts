/**
 * @module `skillset mcp` — stdio (default) or Streamable HTTP. The MCP SDK is imported here, never on
 * the CLI's start-up path.
 */
import { type CommandContext, EXIT_FINDINGS, EXIT_OK, UsageError } from "../command.js";
import { configFlags } from "../config-flags.js";
import { httpExposure } from "../mcp-exposure.js";

/** Default HTTP port. */
const DEFAULT_PORT = 3917;

function parsePort(value: unknown): number {
  if (value === undefined) return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new UsageError(`--port takes a port number from 0 to 65535, not '${String(value)}'`);
  }
  return port;
}

function httpOnly(context: CommandContext): void {
  for (const flag of ["port", "host", "token", "no-token", "allow-origin"]) {
    if (context.values[flag] !== undefined) throw new UsageError(`--${flag} needs --http`);
  }
}

/**
 * The server package. It is an optional peer of the CLI (the MCP SDK would triple the CLI's install), so
 * a missing one is a usage error that says what to install.
 */
async function importMcp(): Promise<typeof import("@skillset/mcp")> {
  try {
    return await import("@skillset/mcp");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND") throw error;
    throw new UsageError(
      "the MCP server is in the package @skillset/mcp, which is not installed beside skillset: install the packed packages together (in a skillset clone: npm run pack-all, then npm install -g ./dist-packs/*.tgz; README, Install)",
    );
  }
}

/**
 * What a person can do about a port that cannot be listened on (taken, not allowed, no such address), or
 * `undefined` for any other failure.
 */
function listenProblem(error: unknown, host: string, port: number | undefined): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  const where = `${host}:${port ?? 0}`;
  if (code === "EADDRINUSE")
    return `cannot listen on ${where}: the port is already in use. Stop the other server, or pick another port with --port.`;
  if (code === "EACCES")
    return `cannot listen on ${where}: permission denied. Ports below 1024 need privileges; pick another with --port.`;
  if (code === "EADDRNOTAVAIL")
    return `cannot listen on ${where}: this machine has no such address. Check --host.`;
  return undefined;
}

/** `skillset mcp`: serves until stdin ends (stdio) or the process is stopped (HTTP). */
export async function run(context: CommandContext): Promise<number> {
  const http = context.values.http === true;
  if (!http) httpOnly(context);
  const port = parsePort(context.values.port);
  const host = (context.values.host as string | undefined) ?? "127.0.0.1";
  // Decided before anything is loaded or bound: a refused host never opens a socket.
  const { token, warning } = http
    ? httpExposure({
        host,
        token: context.values.token as string | undefined,
        tokenFromEnvironment: context.env.SKILLSET_MCP_TOKEN,
        noToken: context.values["no-token"] === true,
      })
    : {};
  if (!http && !context.stdio) throw new UsageError("stdio mode needs the process's standard streams");
  const { openMcpSkills, serveHttp, serveStdio } = await importMcp();
  const config = configFlags(context);
  const skills = await openMcpSkills({
    cwd: context.cwd,
    env: context.env,
    ...(config === undefined ? {} : { config }),
  });
  const { registry } = skills;
  try {
    if (!http) {
      const stdio = context.stdio as NonNullable<CommandContext["stdio"]>;
      context.stderr.write(`skillset mcp: serving ${registry.entries().length} skills on stdio\n`);
      await serveStdio(skills, stdio);
      return EXIT_OK;
    }
    const allowedOrigins = (context.values["allow-origin"] as string[] | undefined) ?? [];
    let server: Awaited<ReturnType<typeof serveHttp>>;
    try {
      server = await serveHttp(skills, {
        host,
        port,
        allowedOrigins,
        ...(token === undefined ? {} : { token }),
      });
    } catch (error) {
      const problem = listenProblem(error, host, port);
      if (problem === undefined) throw error;
      context.stderr.write(`skillset mcp: ${problem}\n`);
      return EXIT_FINDINGS;
    }
    if (warning !== undefined) context.stderr.write(`${warning}\n`);
    context.stderr.write(
      `skillset mcp: serving ${registry.entries().length} skills at ${server.url}${token === undefined ? "" : " (bearer token required)"}\n`,
    );
    await new Promise<never>(() => {});
    return EXIT_OK;
  } finally {
    await skills.close();
  }
}
