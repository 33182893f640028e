// Turns one schema validation failure into words a person can act on: the field, then what it accepts. No validator
// wording ("Expected string to match …") and no regular expression ever reaches the reader.
import { ValueErrorType } from "@sinclair/typebox/errors";

/** The parts of a TypeBox value error (and of Elysia's validation entries) that the wording needs. */
export interface SchemaFailure {
  type: ValueErrorType | number;
  path: string;
  /** The failing schema; one with a `pattern` or `format` says what it accepts in `errorMessage` ("must be a domain such as
   * docs.example.com"), since a pattern means nothing to the person who typed the value. */
  schema: Record<string, unknown>;
  value?: unknown;
}

const plural = (n: unknown, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function typeName(schema: Record<string, unknown>): string {
  if ("const" in schema) return JSON.stringify(schema.const);
  switch (schema.type) {
    case "string":
      return "text";
    case "integer":
      return "a whole number";
    case "number":
      return "a number";
    case "boolean":
      return "true or false";
    case "array":
      return "a list";
    case "object":
      return "an object";
    case "null":
      return "null";
    default:
      return "a value of another kind";
  }
}

function unionWording(schema: Record<string, unknown>): string {
  const options = (schema.anyOf as Record<string, unknown>[] | undefined) ?? [];
  if (options.length > 0 && options.every((o) => "const" in o)) return `must be one of: ${options.map((o) => String(o.const)).join(", ")}`;
  const kinds = [...new Set(options.map(typeName))];
  return kinds.length > 0 ? `must be ${kinds.join(" or ")}` : "is not an accepted value";
}

function stringWording(failure: SchemaFailure): string | null {
  const s = failure.schema;
  switch (failure.type) {
    case ValueErrorType.StringMinLength:
      return s.minLength === 1 ? "must not be empty" : `must be at least ${plural(s.minLength, "character")} long`;
    case ValueErrorType.StringMaxLength:
      return `must be at most ${plural(s.maxLength, "character")} long`;
    case ValueErrorType.StringPattern:
    case ValueErrorType.StringFormat:
    case ValueErrorType.StringFormatUnknown:
      if (typeof s.errorMessage === "string") return s.errorMessage;
      return s.format === "uri" ? "must be a full web address such as https://docs.example.com/" : "is not in an accepted form";
    default:
      return null;
  }
}

function numberWording(failure: SchemaFailure): string | null {
  const s = failure.schema;
  switch (failure.type) {
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return `must be at least ${s.minimum}`;
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return `must be at most ${s.maximum}`;
    case ValueErrorType.IntegerExclusiveMinimum:
    case ValueErrorType.NumberExclusiveMinimum:
      return `must be more than ${s.exclusiveMinimum}`;
    case ValueErrorType.IntegerExclusiveMaximum:
    case ValueErrorType.NumberExclusiveMaximum:
      return `must be less than ${s.exclusiveMaximum}`;
    case ValueErrorType.IntegerMultipleOf:
    case ValueErrorType.NumberMultipleOf:
      return `must be a multiple of ${s.multipleOf}`;
    default:
      return null;
  }
}

function collectionWording(failure: SchemaFailure): string | null {
  const s = failure.schema;
  switch (failure.type) {
    case ValueErrorType.ArrayMinItems:
      return `must list at least ${plural(s.minItems, "item")}`;
    case ValueErrorType.ArrayMaxItems:
      return `may list at most ${plural(s.maxItems, "item")}`;
    case ValueErrorType.ArrayUniqueItems:
      return "must not list the same item twice";
    case ValueErrorType.ObjectMaxProperties:
      return `may have at most ${plural(s.maxProperties, "entry", "entries")}`;
    case ValueErrorType.ObjectMinProperties:
      return `must have at least ${plural(s.minProperties, "entry", "entries")}`;
    case ValueErrorType.ObjectRequiredProperty:
      return "is required";
    case ValueErrorType.ObjectAdditionalProperties:
      return "is not a field this request accepts";
    default:
      return null;
  }
}

/** What the value must be, as a predicate that reads after the field's name: "must not be empty". */
export function plainRequirement(failure: SchemaFailure): string {
  const own = stringWording(failure) ?? numberWording(failure) ?? collectionWording(failure);
  if (own) return own;
  if (failure.type === ValueErrorType.Union) return unionWording(failure.schema);
  if (failure.type === ValueErrorType.Literal) return `must be ${JSON.stringify(failure.schema.const)}`;
  if (failure.type === ValueErrorType.Never) return "is not a field this request accepts";
  const kind = typeName(failure.schema);
  return kind === "a value of another kind" ? "is not an accepted value" : `must be ${kind}`;
}

/** "/crawlerConfig/excludePatterns/2" → "crawlerConfig.excludePatterns[2]": how a person reads a field's place. */
export function fieldPath(path: string): string {
  return path
    .replace(/^\//, "")
    .split("/")
    .filter(Boolean)
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join("");
}

/** "baseUrl: must be …" (or the requirement alone for the whole value): the field first, then what it accepts. */
export function describeFailure(failure: SchemaFailure): string {
  const path = fieldPath(failure.path);
  return path ? `${path}: ${plainRequirement(failure)}` : plainRequirement(failure);
}
