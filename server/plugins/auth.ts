// Bearer-key authentication for /api and /organisations, the plan gate, and the per-key rate limit.
import { Elysia } from "elysia";
import { ErrorCode, PlanMessage } from "../../shared/errors.ts";
import { Limits } from "../../shared/limits.ts";
import { AppError } from "../errors/app-error.ts";
import { hashApiKey, hashesEqual, isWellFormedApiKey } from "../auth/api-key-format.ts";
import type { AccountStore, Plan, Role } from "../adapters/postgres/account-store.ts";
import type { RateLimiter } from "../rate-limit/rate-limiter.ts";

export interface Auth {
  orgId: string;
  plan: Plan;
  role: Role;
  keyId: string;
}

const unauthorized = (message: string) => new AppError(401, ErrorCode.Unauthorized, message);

async function authenticate(accounts: AccountStore, header: string | undefined): Promise<Auth> {
  if (!header) throw unauthorized("Missing API key: send Authorization: Bearer <API_KEY>.");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized("Malformed Authorization header: expected Bearer <API_KEY>.");
  const key = match[1]!;
  if (!isWellFormedApiKey(key)) throw unauthorized("Invalid API key.");
  const hash = hashApiKey(key);
  const found = await accounts.findActiveKey(hash);
  if (!found || !hashesEqual(found.key.hash, hash)) throw unauthorized("Invalid or revoked API key.");
  return { orgId: found.org.id, plan: found.org.plan, role: found.key.role, keyId: found.key.id };
}

/**
 * The free plan may read what its organisation owns but not change it through the API (decisions.md).
 * Reads stay open so a free organisation can still see its sites and figures.
 */
function assertPlanAllows(auth: Auth, method: string, requiredPlan: "pro" | "enterprise"): void {
  if (requiredPlan === "enterprise") return requireEnterprise(auth);
  if (auth.plan === "free" && method !== "GET" && method !== "HEAD") throw new AppError(403, ErrorCode.PlanRequired, PlanMessage.api);
}

/**
 * `requiredPlan: "enterprise"` (search groups) refuses Free and Pro with the groups message on every method,
 * before the body is validated; the default lets Free read and refuses its writes with the API message.
 */
export function authPlugin(deps: { accounts: AccountStore; limiter: RateLimiter }, options: { requiredPlan?: "pro" | "enterprise" } = {}) {
  const requiredPlan = options.requiredPlan ?? "pro";
  // derive (not resolve) so a request without a valid key is refused before its body is validated.
  return new Elysia().derive({ as: "scoped" }, async ({ headers, request, set, params }) => {
    const auth = await authenticate(deps.accounts, headers.authorization);
    await deps.limiter.check(`key:${auth.keyId}`, Limits.apiPerMinutePerKey, set.headers as Record<string, string>);
    // Organisation-scoped paths name the organisation; a key may act only on its own.
    const orgId = (params as Record<string, string | undefined> | undefined)?.orgId;
    if (orgId !== undefined && orgId !== auth.orgId) throw new AppError(403, ErrorCode.Forbidden, "This API key does not belong to that organisation.");
    assertPlanAllows(auth, request.method, requiredPlan);
    void deps.accounts.touchKey(auth.keyId, new Date()).catch(() => {});
    return { auth };
  });
}

export function requireOwner(auth: Auth): void {
  if (auth.role !== "owner") throw new AppError(403, ErrorCode.OwnerRequired, "Deleting a site requires a key with the Owner role.");
}

export function requireEnterprise(auth: Auth): void {
  if (auth.plan !== "enterprise") throw new AppError(403, ErrorCode.PlanRequired, PlanMessage.groups);
}

/** The auth plugin derives `auth`; routes read it through this one accessor. */
export const authOf = (ctx: unknown): Auth => (ctx as { auth: Auth }).auth;
