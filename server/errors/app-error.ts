// The one error type the API renders: an HTTP status, a machine code and a sentence for people.
import { ErrorCode } from "../../shared/errors.ts";

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, code: ErrorCode = ErrorCode.BadRequest) => new AppError(400, code, message);
export const notFound = (what: string) => new AppError(404, ErrorCode.NotFound, `${what} not found.`);
export const forbidden = (message: string, code: ErrorCode = ErrorCode.Forbidden) => new AppError(403, code, message);
export const conflict = (message: string) => new AppError(409, ErrorCode.Conflict, message);

/** A setting is missing or wrong: thrown at start-up with a sentence saying what to set. */
export class ConfigError extends Error {
  override name = "ConfigError";
}
