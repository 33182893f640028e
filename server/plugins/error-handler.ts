// Renders every error as {"error": "<sentence>", "code": "<CODE>"} with the right status (400 for invalid input, never 422).
import { Elysia, ValidationError } from "elysia";
import { ErrorCode } from "../../shared/errors.ts";
import { AppError } from "../errors/app-error.ts";

function json(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });
}

/** "crawlerConfig.maxPages: Expected integer to be greater or equal to 1" — the first problem, said plainly. */
export function describeValidation(error: ValidationError): string {
  const where = error.type === "query" ? "query parameter" : error.type === "params" ? "path parameter" : error.type;
  const first = error.all[0] as { path?: string; message?: string; summary?: string } | undefined;
  if (!first) return `Invalid ${where}.`;
  const path = (first.path ?? "").replace(/^\//, "").replaceAll("/", ".");
  const message = first.summary ?? first.message ?? "is invalid";
  return path ? `Invalid ${where}: ${path}: ${message}.` : `Invalid ${where}: ${message}.`;
}

export function errorHandler(log: (line: string, error: unknown) => void) {
  return new Elysia().onError({ as: "global" }, ({ code, error, set }) => {
    const headers = Object.fromEntries(
      // Vary too: a cacheable public URL's error must not be served from a cache to another origin either.
      Object.entries(set.headers).filter(([k]) => /^(x-ratelimit|access-control|vary$)/i.test(k)),
    ) as Record<string, string>;
    if (error instanceof AppError) {
      const extra = error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {};
      if (error.retryAfter !== undefined) headers["retry-after"] = String(error.retryAfter);
      return json(error.status, { error: error.message, code: error.code, ...extra }, headers);
    }
    switch (code) {
      case "VALIDATION":
        return json(400, { error: describeValidation(error as ValidationError), code: ErrorCode.ValidationFailed }, headers);
      case "PARSE":
        return json(400, { error: "The request body is not valid JSON.", code: ErrorCode.InvalidJson }, headers);
      case "NOT_FOUND":
        return json(404, { error: "No such endpoint.", code: ErrorCode.NotFound }, headers);
      case "INVALID_COOKIE_SIGNATURE":
        return json(400, { error: "Invalid cookie.", code: ErrorCode.BadRequest }, headers);
    }
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      return json(status, { error: (error as Error).message || "Bad request.", code: status === 413 ? ErrorCode.PayloadTooLarge : ErrorCode.BadRequest }, headers);
    }
    log("unhandled error", error);
    return json(500, { error: "Internal server error.", code: ErrorCode.Internal }, headers);
  });
}
