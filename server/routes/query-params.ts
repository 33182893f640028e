// Query strings carry only text: this turns a shared wire schema's integer and boolean fields into ones that
// accept their string form, so every GET route validates `?limit=5&exact=true` with the schema the POST body uses.
import { t, type TSchema } from "elysia";
import { Kind, OptionalKind } from "@sinclair/typebox";
import type { TObject, TProperties } from "@sinclair/typebox";

/** Numbers are coerced by Elysia itself; integers and booleans are not (Elysia 1.4), so they are mapped here. */
function coerce(schema: TSchema, name: string): TSchema {
  const { [Kind]: kind, type: _type, ...own } = schema as TSchema & { type?: unknown };
  // Elysia checks a coerced parameter on its own, so its error has no path: the schema carries the name instead.
  const options = { ...own, parameter: name };
  if (kind === "Integer") return t.Integer(options);
  if (kind === "Boolean") return t.BooleanString(options);
  if (kind === "Number") return t.Number(options);
  return schema;
}

/** The same object schema with each integer or boolean property (optional or not) accepting its query-string form. */
export function queryParams<P extends TProperties>(schema: TObject<P>, options: { additionalProperties?: boolean } = {}): TObject<P> {
  const properties: TProperties = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const optional = (property as { [OptionalKind]?: unknown })[OptionalKind] === "Optional";
    const mapped = coerce(property, name);
    properties[name] = optional && mapped !== property ? t.Optional(mapped) : mapped;
  }
  return t.Object(properties, { ...options }) as unknown as TObject<P>;
}
