import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { configJsonSchema } from "./config-json-schema.js";

// The committed schema must equal the generated one. To regenerate after changing the zod schema:
// SKILLSET_UPDATE_SCHEMAS=1 npx vitest run packages/core/src/config/config-json-schema.test.ts
// then `npx biome format --write schemas` (the comparison is on parsed JSON, so formatting is free).
const committed = fileURLToPath(new URL("../../../../schemas/config.schema.json", import.meta.url));

describe("configJsonSchema", () => {
  it("matches the committed schemas/config.schema.json", () => {
    const generated = configJsonSchema();
    if (process.env.SKILLSET_UPDATE_SCHEMAS) {
      mkdirSync(dirname(committed), { recursive: true });
      writeFileSync(committed, `${JSON.stringify(generated, null, 2)}\n`);
    }
    expect(existsSync(committed), `${committed} is missing; see the comment at the top of this test`).toBe(
      true,
    );
    expect(JSON.parse(readFileSync(committed, "utf8"))).toEqual(generated);
  });

  it("describes a strict layer where every key is optional and $schema is allowed", () => {
    const schema = configJsonSchema() as {
      additionalProperties: boolean;
      required?: string[];
      properties: Record<string, { properties?: Record<string, unknown>; additionalProperties?: unknown }>;
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required ?? []).toEqual([]);
    expect(Object.keys(schema.properties)).toEqual(["$schema", "discovery", "catalog", "mentions", "search"]);
    expect(schema.properties.discovery?.additionalProperties).toBe(false);
    expect(schema.properties.discovery?.properties?.limits).toMatchObject({ additionalProperties: false });
  });

  it("returns a copy each time", () => {
    const first = configJsonSchema();
    first.title = "changed";
    expect(configJsonSchema().title).toBe("skillset configuration");
  });
});
