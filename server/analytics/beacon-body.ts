// Reads a JSON body sent as text/plain: navigator.sendBeacon posts a Blob, and text/plain is the one
// type a cross-origin beacon may carry without a CORS preflight. Validated with the wire schema.
import type { Static, TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { ErrorCode } from "../../shared/errors.ts";
import { describeFailure } from "../../shared/validation-message.ts";
import { badRequest } from "../errors/domain-error.ts";

export function parseBeaconBody<S extends TSchema>(schema: S, raw: unknown): Static<S> {
  let body: unknown = raw;
  if (typeof raw === "string") {
    try {
      body = JSON.parse(raw);
    } catch {
      throw badRequest("The request body is not valid JSON.", ErrorCode.InvalidJson);
    }
  }
  const first = [...Value.Errors(schema, body)][0];
  if (first) throw badRequest(`Invalid body: ${describeFailure(first)}.`, ErrorCode.ValidationFailed);
  return body as Static<S>;
}
