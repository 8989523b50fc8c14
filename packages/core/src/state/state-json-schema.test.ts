import { describe, expect, it } from "vitest";
import { stateJsonSchema } from "./state-json-schema.js";

// That schemas/state.schema.json matches is checked in ../committed-schemas.test.ts.
describe("stateJsonSchema", () => {
  it("allows hand-written files: only strict keys, none required", () => {
    expect(stateJsonSchema()).toMatchObject({
      type: "object",
      additionalProperties: false,
      properties: { version: { const: 1 }, disabled: { type: "array" }, enabled: { type: "array" } },
    });
    expect(stateJsonSchema().required ?? []).toEqual([]);
  });
});
