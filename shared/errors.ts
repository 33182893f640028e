// Error codes and the error body every endpoint answers with: {"error": "...", "code": "..."}.
import { Type, type Static } from "@sinclair/typebox";

export const ErrorCode = {
  BadRequest: "BAD_REQUEST",
  InvalidJson: "INVALID_JSON",
  ValidationFailed: "VALIDATION_FAILED",
  PayloadTooLarge: "PAYLOAD_TOO_LARGE",
  HeadersTooLarge: "HEADERS_TOO_LARGE",
  Unauthorized: "UNAUTHORIZED",
  Forbidden: "FORBIDDEN",
  OriginNotAllowed: "ORIGIN_NOT_ALLOWED",
  FeatureDisabled: "FEATURE_DISABLED",
  PlanRequired: "PLAN_REQUIRED",
  OwnerRequired: "OWNER_REQUIRED",
  PaymentRequired: "PAYMENT_REQUIRED",
  NotFound: "NOT_FOUND",
  Conflict: "CONFLICT",
  RateLimited: "RATE_LIMITED",
  UpstreamUnavailable: "UPSTREAM_UNAVAILABLE",
  Internal: "INTERNAL",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode] | (typeof AccountErrorCode)[keyof typeof AccountErrorCode];

export const ErrorBody = Type.Object({
  error: Type.String({ description: "A sentence saying what went wrong." }),
  code: Type.Optional(Type.String({ description: "Machine-readable error code." })),
  retryAfter: Type.Optional(Type.Integer({ description: "Seconds to wait, on 429 only." })),
  requestId: Type.Optional(Type.String({ description: "The X-Request-Id of the request; the server's log line for the error carries it." })),
});
export type ErrorBody = Static<typeof ErrorBody>;

/** Exact messages the interface requires. */
export const PlanMessage = {
  api: "API access requires Pro or Enterprise plan",
  groups: "Search Groups require an Enterprise plan",
} as const;

/** Codes of the accounts and key API (a key outside its scope, a cross-site request, a spent link). */
export const AccountErrorCode = {
  ScopeMissing: "SCOPE_MISSING",
  CsrfRejected: "CSRF_REJECTED",
  TokenInvalid: "TOKEN_INVALID",
  RoleRequired: "ROLE_REQUIRED",
} as const;
