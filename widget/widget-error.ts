// One error shape for everything the widget shows: HTTP errors carry the server's code, network failures are OFFLINE/NETWORK.
import type { ErrorBody } from "../shared/errors.ts";

export interface WidgetError {
  message: string;
  /** Server code (ORIGIN_NOT_ALLOWED, RATE_LIMITED...) or OFFLINE, NETWORK, STREAM. */
  code: string;
  status: number;
  retryAfter?: number;
}

/** Reads `{error, code, retryAfter}`; a proxy's HTML error page still becomes a WidgetError. */
export async function readHttpError(response: Response): Promise<WidgetError> {
  let body: Partial<ErrorBody> = {};
  try {
    body = (await response.json()) as Partial<ErrorBody>;
  } catch {
    // Not JSON: keep the status alone.
  }
  return {
    message: typeof body.error === "string" ? body.error : `HTTP ${response.status}`,
    code: typeof body.code === "string" ? body.code : "HTTP_ERROR",
    status: response.status,
    retryAfter: typeof body.retryAfter === "number" ? body.retryAfter : undefined,
  };
}

export function toWidgetError(cause: unknown): WidgetError {
  if (isWidgetError(cause)) return cause;
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  const message = cause instanceof Error ? cause.message : String(cause);
  return { message, code: offline ? "OFFLINE" : "NETWORK", status: 0 };
}

export function isWidgetError(value: unknown): value is WidgetError {
  return typeof value === "object" && value !== null && "code" in value && "status" in value && "message" in value;
}

export function isAbort(cause: unknown): boolean {
  return cause instanceof DOMException && cause.name === "AbortError";
}
