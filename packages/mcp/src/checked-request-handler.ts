/**
 * @module Request handlers whose params are checked here, not by the SDK (SPEC §13): the SDK's own check
 * answers a malformed request (`tools/call` arguments as a string, a numeric `resources/read` uri, a prompt
 * argument that is not a string) with -32603 Internal error and a raw schema dump. Here it is -32602
 * Invalid params, with a message naming the field and what was expected. Each method is registered with
 * the SDK's schema-taking form and a schema that lets every params object through, so the SDK never
 * rejects them first, and a method with no handler still gets the SDK's own answer (-32601; HTTP 404 on
 * the 2026-07-28 path).
 */
import {
  type JSONRPCRequest,
  type Result,
  Server,
  type ServerContext,
  type StandardSchemaV1,
  type StandardSchemaV1Sync,
} from "@modelcontextprotocol/server";
import { stripControls } from "@skillset/core/model";
import { invalidParams } from "./mcp-error.js";

/** What a schema check reports about one field. */
interface Issue {
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
  readonly message: string;
}

/** An SDK request schema (`specTypeSchemas.ReadResourceRequest`, a Standard Schema). */
type RequestSchema<T> = StandardSchemaV1Sync<unknown, T>;

/** Lets any params object through: the check is `schema`'s, in the handler, with this module's message. */
const ANY_PARAMS: StandardSchemaV1<Record<string, unknown>> = {
  "~standard": {
    version: 1,
    vendor: "skillset",
    validate: (value) => ({ value: value as Record<string, unknown> }),
  },
};

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

/** Checks that run before the SDK's own (which, for `tools/call`, answers with a schema dump). */
const checksOf = new WeakMap<Server, Map<string, (request: unknown) => unknown>>();

/** A `Server` whose checked methods are checked here first, whatever the SDK checks after. */
export class CheckedServer extends Server {
  protected override _wrapHandler(
    method: string,
    handler: (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>,
  ): (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result> {
    const wrapped = super._wrapHandler(method, handler);
    return async (request, ctx) => {
      checksOf.get(this)?.get(method)?.(request);
      return wrapped(request, ctx);
    };
  }
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
  const check = (request: unknown): T => {
    const parsed = schema["~standard"].validate(request);
    if (parsed.issues !== undefined) {
      throw invalidParams(describeIssues(method, parsed.issues), "params-invalid");
    }
    return parsed.value;
  };
  let checks = checksOf.get(server);
  if (checks === undefined) {
    checks = new Map();
    checksOf.set(server, checks);
  }
  checks.set(method, check);
  // The SDK hands over a copy of params (`{}` when there were none); the schema checks the request.
  server.setRequestHandler(method, { params: ANY_PARAMS }, async (params) =>
    handler(check({ method, params })),
  );
}
