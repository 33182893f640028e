import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { AccountErrorCode, ErrorCode } from "../../shared/errors.ts";
import { AppError } from "../errors/app-error.ts";
import { DomainError } from "../errors/domain-error.ts";
import { errorHandler } from "./error-handler.ts";

const quiet = { error: () => {}, debug: () => {} };

async function answer(error: Error) {
  const app = new Elysia().use(errorHandler(quiet)).get("/", () => {
    throw error;
  });
  const response = await app.handle(new Request("http://localhost/"));
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
}

describe("error status", () => {
  describe("a use case's domain error", () => {
    test("is answered with the status of its code and only its sentence and code", async () => {
      expect(await answer(new DomainError(AccountErrorCode.RoleRequired, "Owners only."))).toEqual({
        status: 403,
        retryAfter: null,
        body: { error: "Owners only.", code: "ROLE_REQUIRED" },
      });
      expect((await answer(new DomainError(ErrorCode.PaymentRequired, "Limit reached."))).status).toBe(402);
      expect((await answer(new DomainError(AccountErrorCode.TokenInvalid, "Spent link."))).status).toBe(400);
    });

    test("that is rate limited says when to try again", async () => {
      expect(await answer(new DomainError(ErrorCode.RateLimited, "Budget spent.", 30))).toEqual({
        status: 429,
        retryAfter: "30",
        body: { error: "Budget spent.", code: "RATE_LIMITED", retryAfter: 30 },
      });
    });
  });

  test("an error that carries its own status keeps it", async () => {
    expect((await answer(new AppError(502, ErrorCode.UpstreamUnavailable, "The model refused."))).status).toBe(502);
  });
});
