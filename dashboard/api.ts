// The dashboard's client of the documented HTTP API: same-origin fetches carrying the session cookie,
// typed by the shapes in shared/, with the server's {error, code} turned into an ApiError.
import type { ErrorBody } from "../shared/errors.ts";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

export async function api<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  const parsed = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) {
    const err = (parsed ?? {}) as Partial<ErrorBody>;
    if (response.status === 401 && !path.startsWith("/api/session") && !path.startsWith("/api/setup")) window.dispatchEvent(new Event("dashboard-signed-out"));
    throw new ApiError(response.status, err.code, err.error ?? `Request failed (${response.status}).`);
  }
  return parsed as T;
}

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
