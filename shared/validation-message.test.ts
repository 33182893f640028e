import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { Value } from "@sinclair/typebox/value";
import { Type } from "@sinclair/typebox";
import { describeFailure } from "./validation-message.ts";

/** Every schema object reachable from a value, depth first. */
function* schemas(value: unknown, seen = new Set<unknown>()): Generator<Record<string, unknown>> {
  if (!value || typeof value !== "object" || seen.has(value)) return;
  seen.add(value);
  if ("type" in value || "anyOf" in value) yield value as Record<string, unknown>;
  for (const child of Object.values(value)) yield* schemas(child, seen);
}

describe("validation wording", () => {
  test("every pattern or format in the wire schemas says in words what it accepts", async () => {
    const missing: string[] = [];
    for (const file of readdirSync(import.meta.dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
      const module = (await import(join(import.meta.dir, file))) as Record<string, unknown>;
      for (const [name, exported] of Object.entries(module)) {
        for (const schema of schemas(exported)) {
          if ((schema.pattern || schema.format) && typeof schema.errorMessage !== "string" && schema.type === "string") missing.push(`${file} ${name}`);
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  test("says each kind of failure without the validator's words", () => {
    const schema = Type.Object({
      name: Type.String({ minLength: 1 }),
      limit: Type.Integer({ minimum: 1, maximum: 100 }),
      role: Type.Union([Type.Literal("owner"), Type.Literal("member")]),
      tags: Type.Array(Type.String(), { maxItems: 2 }),
    });
    const said = (value: unknown) => describeFailure([...Value.Errors(schema, value)][0]!);
    const ok = { name: "a", limit: 1, role: "owner", tags: [] };
    expect(said({ ...ok, name: "" })).toBe("name: must not be empty");
    expect(said({ ...ok, limit: 101 })).toBe("limit: must be at most 100");
    expect(said({ ...ok, limit: 1.5 })).toBe("limit: must be a whole number");
    expect(said({ ...ok, role: "boss" })).toBe("role: must be one of: owner, member");
    expect(said({ ...ok, tags: ["a", "b", "c"] })).toBe("tags: may list at most 2 items");
    expect(said({ limit: 1, role: "owner", tags: [] })).toBe("name: is required");
  });
});
