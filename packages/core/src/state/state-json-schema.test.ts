import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { stateJsonSchema } from "./state-json-schema.js";

// Regenerate with SKILLSET_UPDATE_SCHEMAS=1 (see config/config-json-schema.test.ts).
const committed = fileURLToPath(new URL("../../../../schemas/state.schema.json", import.meta.url));

describe("stateJsonSchema", () => {
  it("matches the committed schemas/state.schema.json", () => {
    const generated = stateJsonSchema();
    if (process.env.SKILLSET_UPDATE_SCHEMAS) {
      mkdirSync(dirname(committed), { recursive: true });
      writeFileSync(committed, `${JSON.stringify(generated, null, 2)}\n`);
    }
    expect(existsSync(committed), `${committed} is missing; see the comment at the top of this test`).toBe(
      true,
    );
    expect(JSON.parse(readFileSync(committed, "utf8"))).toEqual(generated);
  });

  it("allows hand-written files: only strict keys, none required", () => {
    expect(stateJsonSchema()).toMatchObject({
      type: "object",
      additionalProperties: false,
      properties: { version: { const: 1 }, disabled: { type: "array" }, enabled: { type: "array" } },
    });
    expect(stateJsonSchema().required ?? []).toEqual([]);
  });
});
