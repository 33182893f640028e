// What a use case throws when it refuses: a code from shared/errors.ts and a sentence for people. Use cases know no
// HTTP status: the error handler maps each code to one (plugins/error-status.ts), as Meilisearch's Code::http() does.
import { ErrorCode } from "../../shared/errors.ts";

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Seconds until trying again can succeed (a spent rate limit or budget). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const badRequest = (message: string, code: ErrorCode = ErrorCode.BadRequest) => new DomainError(code, message);
export const notFound = (what: string) => new DomainError(ErrorCode.NotFound, `${what} not found.`);
export const forbidden = (message: string, code: ErrorCode = ErrorCode.Forbidden) => new DomainError(code, message);
export const conflict = (message: string) => new DomainError(ErrorCode.Conflict, message);
