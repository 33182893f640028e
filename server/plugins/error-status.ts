// The HTTP status that answers each error code (as Meilisearch's Code::http()): use cases throw codes, and this table is
// the one place a code becomes a status. A new code without a status here does not compile.
import { AccountErrorCode, ErrorCode } from "../../shared/errors.ts";
import { AppError } from "../errors/app-error.ts";
import type { DomainError } from "../errors/domain-error.ts";

const statusOfCode: Record<ErrorCode, number> = {
  [ErrorCode.BadRequest]: 400,
  [ErrorCode.InvalidJson]: 400,
  [ErrorCode.ValidationFailed]: 400,
  [AccountErrorCode.TokenInvalid]: 400,
  [ErrorCode.Unauthorized]: 401,
  [ErrorCode.PaymentRequired]: 402,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.OriginNotAllowed]: 403,
  [ErrorCode.FeatureDisabled]: 403,
  [ErrorCode.PlanRequired]: 403,
  [ErrorCode.OwnerRequired]: 403,
  [AccountErrorCode.ScopeMissing]: 403,
  [AccountErrorCode.CsrfRejected]: 403,
  [AccountErrorCode.RoleRequired]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.HeadersTooLarge]: 431,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.Internal]: 500,
  [ErrorCode.UpstreamUnavailable]: 503,
};

/** The status an error is answered with: its code's, unless the HTTP layer or an adapter set one of its own. */
export function httpStatus(error: DomainError): number {
  return error instanceof AppError ? error.status : statusOfCode[error.code];
}
