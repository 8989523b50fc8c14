/**
 * @module Who can reach `skillset mcp --http` (SPEC §13, §15): bound to a loopback address, only this
 * machine; bound to anything else (`0.0.0.0`, `::`, a LAN address, a host name), the network. Serving every
 * skill to the network needs a bearer token, or an explicit `--no-token` saying it is meant to be open.
 */
import { isIPv4, isIPv6 } from "node:net";
import { UsageError } from "./command.js";

/**
 * True when binding `host` listens on this machine only: `localhost`, `127.0.0.0/8`, `::1` (also in
 * brackets or as `::ffff:127.x.x.x`). Anything else, host names included, counts as the network.
 * @example isLoopbackHost("127.0.0.2") // true
 * @example isLoopbackHost("0.0.0.0") // false
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (bare.toLowerCase() === "localhost") return true;
  if (isIPv4(bare)) return bare.split(".")[0] === "127";
  if (!isIPv6(bare)) return false;
  // The URL parser writes an IPv6 address one way: `[::1]`, `[::ffff:7f00:1]` for ::ffff:127.0.0.1.
  const normal = new URL(`http://[${bare}]/`).hostname;
  return normal === "[::1]" || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(normal);
}

/** How the HTTP server may be exposed, from `--host`, `--token` (or `SKILLSET_MCP_TOKEN`) and `--no-token`. */
export interface HttpExposure {
  /** The token clients must send; `undefined` when none. */
  token?: string;
  /** A line for stderr when the server is open to the network on purpose. */
  warning?: string;
}

/**
 * Decides the token of an HTTP server on `host`. A non-loopback host with no token is a usage error naming
 * `--token` and `--no-token`; `--no-token` drops a token from the environment and, off loopback, warns.
 * `--token` with `--no-token` contradict each other.
 * @example httpExposure({ host: "0.0.0.0", noToken: true }).warning // "skillset mcp: warning: …"
 */
export function httpExposure(options: {
  host: string;
  token?: string | undefined;
  tokenFromEnvironment?: string | undefined;
  noToken?: boolean;
}): HttpExposure {
  const { host, noToken = false } = options;
  if (noToken && options.token !== undefined)
    throw new UsageError("--token and --no-token contradict each other: give one of them");
  if (noToken) {
    if (isLoopbackHost(host)) return {};
    return {
      warning: `skillset mcp: warning: --no-token on ${host}, which is not a loopback address: anyone who can reach it gets every skill, with no token`,
    };
  }
  const token = options.token ?? options.tokenFromEnvironment;
  if (token !== undefined && token.length < 8) throw new UsageError("--token must be at least 8 characters");
  if (token === undefined && !isLoopbackHost(host)) {
    throw new UsageError(
      `--host ${host} is not a loopback address, so every skill would be served to the network with no token: pass --token T (at least 8 characters; or set SKILLSET_MCP_TOKEN), or --no-token to serve it open on purpose`,
    );
  }
  return token === undefined ? {} : { token };
}
