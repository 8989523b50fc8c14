import { describe, expect, it } from "vitest";
import { configJsonSchema } from "./config-json-schema.js";

// That schemas/config.schema.json matches is checked in ../committed-schemas.test.ts.
describe("configJsonSchema", () => {
  it("describes a strict layer where every key is optional and $schema is allowed", () => {
    const schema = configJsonSchema() as {
      additionalProperties: boolean;
      required?: string[];
      properties: Record<string, { properties?: Record<string, unknown>; additionalProperties?: unknown }>;
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required ?? []).toEqual([]);
    expect(Object.keys(schema.properties)).toEqual([
      "$schema",
      "discovery",
      "catalog",
      "mentions",
      "search",
      "policy",
      "remotes",
    ]);
    expect(schema.properties.discovery?.additionalProperties).toBe(false);
    expect(schema.properties.discovery?.properties?.limits).toMatchObject({ additionalProperties: false });
  });

  it("returns a copy each time", () => {
    const first = configJsonSchema();
    first.title = "changed";
    expect(configJsonSchema().title).toBe("skillset configuration");
  });
});
