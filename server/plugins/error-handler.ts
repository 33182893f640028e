// Renders every error as {"error": "<sentence>", "code": "<CODE>", "requestId"} with the right status (400 for invalid
// input, never 422). Only our own DomainError messages and validation summaries reach the client: anything else (a
// failed SQL statement with its parameters, a stack, a file path) is logged once with the request id and answered
// with a fixed sentence that carries the same id.
import { Elysia, type ValidationError } from "elysia";
import { ErrorCode } from "../../shared/errors.ts";
import { DomainError } from "../errors/domain-error.ts";
import { httpStatus } from "./error-status.ts";
import { headerText } from "./response-headers.ts";
import { describeValidation } from "./validation-message.ts";

function json(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });
}

/** Fixed sentences for client errors raised by the framework or runtime, whose own messages may say anything. */
const clientErrors: Record<number, [string, ErrorCode]> = {
  400: ["Bad request.", ErrorCode.BadRequest],
  405: ["Method not allowed.", ErrorCode.BadRequest],
  413: ["The request body is too large.", ErrorCode.PayloadTooLarge],
  415: ["Unsupported content type: send application/json.", ErrorCode.BadRequest],
  431: ["The request headers are too large.", ErrorCode.HeadersTooLarge],
};

function rendered(code: string | number, error: unknown): { status: number; error: string; code: ErrorCode; retryAfter?: number } | null {
  // A parse hook's own refusal (413 while reading, nesting limit) arrives wrapped in Elysia's ParseError.
  const cause = code === "PARSE" ? (error as { cause?: unknown }).cause : undefined;
  const own = error instanceof DomainError ? error : cause instanceof DomainError ? cause : null;
  if (own) return { status: httpStatus(own), error: own.message, code: own.code, retryAfter: own.retryAfter };
  switch (code) {
    case "VALIDATION":
      try {
        return { status: 400, error: describeValidation(error as ValidationError), code: ErrorCode.ValidationFailed };
      } catch {
        return { status: 400, error: "Invalid request.", code: ErrorCode.ValidationFailed };
      }
    case "PARSE":
      return { status: 400, error: "The request body is not valid JSON.", code: ErrorCode.InvalidJson };
    case "NOT_FOUND":
      return { status: 404, error: "No such endpoint.", code: ErrorCode.NotFound };
    case "INVALID_COOKIE_SIGNATURE":
      return { status: 400, error: "Invalid cookie.", code: ErrorCode.BadRequest };
  }
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const [message, errorCode] = clientErrors[status] ?? ["Bad request.", ErrorCode.BadRequest];
    return { status, error: message, code: errorCode };
  }
  return null;
}

type LogLine = (line: string, fields: Record<string, unknown>) => void;

/**
 * The visitor went away (typed on, closed the page): the work stopped at its signal, and nobody reads the answer.
 * Routine under typing traffic, so not an error: logged at debug, answered 499 as proxies record it.
 */
function abandoned(request: Request, error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return request.signal.aborted && (name === "AbortError" || error === request.signal.reason);
}

export function errorHandler(log: { error: LogLine; debug: LogLine }) {
  return new Elysia({ name: "error-handler" }).onError({ as: "global" }, ({ code, error, set, request }) => {
    const headers = headerText(
      Object.fromEntries(
        Object.entries(set.headers).filter(([k]) => {
          const name = k.toLowerCase();
          return name.startsWith("x-ratelimit") || name.startsWith("access-control") || name === "x-request-id" || name === "vary";
        }),
      ),
    );
    const requestId = headers["x-request-id"];
    const known = rendered(code, error);
    if (known) {
      if (known.retryAfter !== undefined) headers["retry-after"] = String(known.retryAfter);
      const extra = known.retryAfter !== undefined ? { retryAfter: known.retryAfter } : {};
      return json(known.status, { error: known.error, code: known.code, ...extra, requestId }, headers);
    }
    const url = new URL(request.url);
    if (abandoned(request, error)) {
      log.debug("request aborted by the client", { method: request.method, path: url.pathname });
      return json(499, { error: "The request was aborted.", code: ErrorCode.BadRequest, requestId }, headers);
    }
    log.error("unhandled error", { error, method: request.method, path: url.pathname });
    return json(500, { error: "Internal server error.", code: ErrorCode.Internal, requestId }, headers);
  });
}
