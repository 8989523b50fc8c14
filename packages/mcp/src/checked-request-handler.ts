/**
 * @module Request handlers whose params are checked here, not by the SDK (SPEC §13): the SDK's own check
 * answers a malformed request (`tools/call` arguments as a string, a numeric `resources/read` uri, a prompt
 * argument that is not a string) with -32603 Internal error and a raw schema dump. Here it is -32602
 * Invalid params, with a message naming the field and what was expected. Requests reach these handlers
 * through the server's fallback handler — the SDK's public hook for methods it has no handler for — so
 * the SDK never parses them first.
 */
import { ProtocolErrorCode, type Server, type StandardSchemaV1Sync } from "@modelcontextprotocol/server";
import { stripControls } from "@skillset/core/model";
import { invalidParams, protocolError } from "./mcp-error.js";

/** What a schema check reports about one field. */
interface Issue {
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
  readonly message: string;
}

/** An SDK request schema (`specTypeSchemas.ReadResourceRequest`, a Standard Schema). */
type RequestSchema<T> = StandardSchemaV1Sync<unknown, T>;

type Handler = (request: unknown) => Promise<Record<string, unknown>>;

const handlersOf = new WeakMap<Server, Map<string, Handler>>();

/** The message for a request that does not match its schema: each field, what was expected. */
function describeIssues(method: string, issues: readonly Issue[]): string {
  const fields = issues.slice(0, 3).map((issue) => {
    const path =
      (issue.path ?? [])
        .map((key) => stripControls(String(typeof key === "object" ? key.key : key)).slice(0, 60))
        .join(".") || "the request";
    return `${path}: ${issue.message.replace(/^Invalid input: /, "")}`;
  });
  const more = issues.length > 3 ? `; and ${issues.length - 3} more` : "";
  return `Invalid ${method} request (${fields.join("; ")}${more}). Send params as the MCP specification gives them for ${method}.`;
}

/**
 * Registers `handler` for `method` on `server`; a request whose params do not match `schema` (an SDK
 * request schema) is answered with -32602 Invalid params before `handler` runs.
 * @example setCheckedRequestHandler(server, "resources/read", specTypeSchemas.ReadResourceRequest, async (request) => read(request.params.uri));
 */
export function setCheckedRequestHandler<T>(
  server: Server,
  method: string,
  schema: RequestSchema<T>,
  handler: (request: T) => Promise<Record<string, unknown>>,
): void {
  let handlers = handlersOf.get(server);
  if (handlers === undefined) {
    const table = new Map<string, Handler>();
    handlers = table;
    handlersOf.set(server, table);
    server.fallbackRequestHandler = async (request) => {
      const found = table.get(request.method);
      if (found === undefined) throw protocolError(ProtocolErrorCode.MethodNotFound, "Method not found");
      return found(request) as ReturnType<NonNullable<Server["fallbackRequestHandler"]>>;
    };
  }
  handlers.set(method, async (request) => {
    const parsed = schema["~standard"].validate(request);
    if (parsed.issues !== undefined)
      throw invalidParams(describeIssues(method, parsed.issues), "params-invalid");
    return handler(parsed.value);
  });
}
