// The sentence a 400 for invalid input carries: where (body, query parameter, path parameter), the field, and what it
// accepts, in plain words (shared/validation-message.ts); the validator's own wording never reaches the client.
import type { ValidationError } from "elysia";
import { describeFailure, type SchemaFailure } from "../../shared/validation-message.ts";

/** "Invalid body: crawlerConfig.maxPages: must be at least 1." — the first problem, said plainly. */
export function describeValidation(error: ValidationError): string {
  const first = error.all[0] as Partial<SchemaFailure> | undefined;
  // A query parameter Elysia coerces (a number) is checked alone: its name comes from its schema (routes/query-params.ts).
  const parameter = typeof first?.schema?.parameter === "string" ? first.schema.parameter : "";
  const where = error.type === "query" || parameter ? "query parameter" : error.type === "params" ? "path parameter" : error.type;
  if (!first || first.type === undefined || !first.schema) return `Invalid ${where}.`;
  const path = parameter && !first.path ? `/${parameter}` : typeof first.path === "string" ? first.path : "";
  return `Invalid ${where}: ${describeFailure({ type: first.type, path, schema: first.schema })}.`;
}
