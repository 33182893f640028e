// An error that carries its own HTTP status: thrown by the HTTP layer (plugins, routes) and by adapters whose upstream
// failure decides the status (502 or 503). Use cases throw DomainError and never name a status.
import type { ErrorCode } from "../../shared/errors.ts";
import { DomainError } from "./domain-error.ts";

export class AppError extends DomainError {
  constructor(
    readonly status: number,
    code: ErrorCode,
    message: string,
    retryAfter?: number,
  ) {
    super(code, message, retryAfter);
    this.name = "AppError";
  }
}
