// The Anthropic API could not give an answer; translates SDK errors by cause into 503 (try again) or 502 (it refused).
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "@anthropic-ai/sdk";
import { AppError } from "../../errors/app-error.ts";
import { ErrorCode } from "../../../shared/errors.ts";

export type UnavailableCause = "overloaded" | "rate-limited" | "timeout" | "network" | "upstream-error";

export class AnswerModelUnavailableError extends AppError {
  override readonly status: 502 | 503;

  constructor(
    readonly reason: UnavailableCause,
    message: string,
    readonly upstreamStatus: number | null = null,
    /** The API's `request-id`, for Anthropic support and our logs; never shown to visitors. */
    readonly upstreamRequestId: string | null = null,
    options?: { error?: unknown },
  ) {
    const status = reason === "upstream-error" ? 502 : 503;
    super(status, ErrorCode.UpstreamUnavailable, message);
    this.status = status;
    this.name = "AnswerModelUnavailableError";
    if (options?.error !== undefined) this.cause = options.error;
  }
}

const abortError = (signal?: AbortSignal): unknown => signal?.reason ?? new DOMException("The answer was aborted.", "AbortError");

/** Turns whatever the SDK threw into our error; an abort by the caller stays an abort. */
export function translateAnthropicError(error: unknown, signal?: AbortSignal): unknown {
  if (error instanceof AnswerModelUnavailableError) return error;
  if (signal?.aborted || error instanceof APIUserAbortError) return abortError(signal);
  // Timeout is a subclass of connection error, so it is tested first.
  if (error instanceof APIConnectionTimeoutError) {
    return new AnswerModelUnavailableError("timeout", "The answer model took too long to respond.", null, null, { error });
  }
  if (error instanceof APIConnectionError) {
    return new AnswerModelUnavailableError("network", "The answer model could not be reached.", null, null, { error });
  }
  if (error instanceof APIError) {
    const requestId = error.requestID ?? null;
    const status = typeof error.status === "number" ? error.status : null;
    // A spent monthly budget is a 429 too, but waiting will not clear it (the API says not to retry).
    if (error.errorCode === "enforced_spend_limit_reached") {
      return new AnswerModelUnavailableError("upstream-error", "The answer model refused the request: its spending limit is reached.", status, requestId, {
        error,
      });
    }
    // Errors inside an open stream carry no status, only the error type.
    if (status === 529 || error.type === "overloaded_error" || status === 503) {
      return new AnswerModelUnavailableError("overloaded", "The answer model is overloaded; try again shortly.", status, requestId, { error });
    }
    if (status === 429 || error.type === "rate_limit_error") {
      return new AnswerModelUnavailableError("rate-limited", "The answer model is busy; try again shortly.", status, requestId, { error });
    }
    if (status === 408 || status === 504 || error.type === "timeout_error") {
      return new AnswerModelUnavailableError("timeout", "The answer model took too long to respond.", status, requestId, { error });
    }
    return new AnswerModelUnavailableError("upstream-error", `The answer model answered with an error${status ? ` (${status})` : ""}.`, status, requestId, {
      error,
    });
  }
  return error;
}
