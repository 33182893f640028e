// Authentication for /api and /organisations: a bearer API key or a dashboard session cookie becomes a
// Principal; then the plan gate, the route's scope (accounts/route-scope.ts) and the per-caller rate limit.
import type { TrustProxy } from "./client-ip.ts";
import { Elysia } from "elysia";
import { ErrorCode, PlanMessage } from "../../shared/errors.ts";
import { Limits } from "../../shared/limits.ts";
import type { KeyAction } from "../../shared/keys.ts";
import { AppError } from "../errors/app-error.ts";
import type { AccountStore } from "../ports/account-store.ts";
import type { RateLimiter } from "../rate-limit/index.ts";
import {
  hashApiKey,
  hashesEqual,
  isWellFormedApiKey,
  requireAction,
  requireAllSites,
  requireSite,
  routeScope,
  type Principal,
  type SessionService,
} from "../accounts/index.ts";
import { assertSameOrigin, sessionToken } from "./session-cookie.ts";
import { storableValue } from "./storable-text.ts";

export interface AuthDeps {
  accounts: AccountStore;
  limiter: RateLimiter;
  /** Without it only API keys are accepted (tools that build a partial app). */
  sessions?: SessionService;
  /** The site of a crawl job, so a site-scoped key reaches only its own sites' jobs; null when there is no such job. */
  jobSite?: (orgId: string, jobId: string) => Promise<string | null>;
  trustProxy?: TrustProxy;
  now?: () => number;
}

const unauthorized = (message: string) => new AppError(401, ErrorCode.Unauthorized, message);

async function keyPrincipal(deps: AuthDeps, header: string): Promise<Principal> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized("Malformed Authorization header: expected Bearer <API_KEY>.");
  const key = match[1]!;
  if (!isWellFormedApiKey(key)) throw unauthorized("Invalid API key.");
  const hash = hashApiKey(key);
  const found = await deps.accounts.findActiveKey(hash);
  if (!found || !hashesEqual(found.key.hash, hash)) throw unauthorized("Invalid or revoked API key.");
  if (found.key.expiresAt && found.key.expiresAt.getTime() <= (deps.now?.() ?? Date.now())) throw unauthorized("This API key has expired.");
  return {
    orgId: found.org.id,
    plan: found.org.plan,
    role: found.key.role,
    keyId: found.key.id,
    userId: null,
    sites: found.key.scopeSites,
    actions: found.key.scopeActions as KeyAction[] | null,
    expiresAt: found.key.expiresAt,
  };
}

async function sessionPrincipal(deps: AuthDeps, request: Request): Promise<Principal | null> {
  const token = sessionToken(request, deps.trustProxy ?? false);
  if (!token || !deps.sessions) return null;
  const session = await deps.sessions.resolve(token);
  if (!session) throw unauthorized("Your session has expired: sign in again.");
  assertSameOrigin(request, deps.trustProxy ?? false);
  return deps.sessions.principal(session);
}

async function enforceScope(deps: AuthDeps, auth: Principal, request: Request, query: Record<string, string | undefined>): Promise<void> {
  const scope = routeScope(request.method, new URL(request.url).pathname);
  if (scope.action) requireAction(auth, scope.action);
  if (auth.sites === null) return;
  if (scope.orgWide) requireAllSites(auth, "This route");
  if (scope.site?.from === "path") requireSite(auth, scope.site.id);
  if (scope.site?.from === "query") {
    if (query.siteId) requireSite(auth, query.siteId);
    else requireAllSites(auth, "The organisation overview (no siteId)");
  }
  if (scope.site?.from === "job") {
    // This lookup runs before the route validates its parameters: an id no statement can carry is refused here.
    storableValue(scope.site.id, "path parameter", "jobId");
    const siteId = await deps.jobSite?.(auth.orgId, scope.site.id);
    if (siteId) requireSite(auth, siteId);
  }
}

/**
 * The free plan may read what its organisation owns but not change it through the API (decisions.md).
 * Reads stay open so a free organisation can still see its sites and figures.
 */
function assertPlanAllows(auth: Principal, method: string, requiredPlan: "pro" | "enterprise"): void {
  if (requiredPlan === "enterprise") requireEnterprise(auth);
  else if (auth.plan === "free" && method !== "GET" && method !== "HEAD") throw new AppError(403, ErrorCode.PlanRequired, PlanMessage.api);
}

/**
 * Who a request is, or the 401 the auth plugin would give. Page ingestion calls it before reading its body (up to
 * 110 MB), so an anonymous or revoked caller is refused without the server reading what it sent.
 */
export async function principalOf(deps: AuthDeps, request: Request): Promise<Principal> {
  const header = request.headers.get("authorization");
  const auth = header ? await keyPrincipal(deps, header) : await sessionPrincipal(deps, request);
  if (!auth) throw unauthorized("Missing API key: send Authorization: Bearer <API_KEY>.");
  return auth;
}

/** The organisation a path names (`/organisations/:orgId/…`); a key may act only on its own. */
function assertOwnOrganisation(principal: Principal, orgId: string | undefined): void {
  if (orgId !== undefined && orgId !== principal.orgId) {
    throw new AppError(403, ErrorCode.Forbidden, "This API key does not belong to that organisation.");
  }
}

/**
 * Resolves the typed `principal` for every route of the instance that uses it. `requiredPlan: "enterprise"` (search
 * groups) refuses Free and Pro with the groups message on every method, before the body is validated; the default lets
 * Free read and refuses its writes with the API message; `skipPlan` (search, keys) checks no plan.
 */
export function principalPlugin(deps: AuthDeps, options: { requiredPlan?: "pro" | "enterprise"; skipPlan?: boolean } = {}) {
  const requiredPlan = options.requiredPlan ?? "pro";
  // derive (not resolve) so a request without a valid key is refused before its body is validated.
  return new Elysia().derive({ as: "scoped" }, async ({ request, set, params, query }) => {
    const principal = await principalOf(deps, request);
    const who = principal.keyId ? `key:${principal.keyId}` : `user:${principal.userId}`;
    await deps.limiter.check(who, Limits.apiPerMinutePerKey, set.headers);
    // Elysia leaves params and query unset on a route that has none, whatever their type says.
    assertOwnOrganisation(principal, params?.orgId);
    await enforceScope(deps, principal, request, query ?? {});
    if (!options.skipPlan) assertPlanAllows(principal, request.method, requiredPlan);
    if (principal.keyId) void deps.accounts.touchKey(principal.keyId, new Date()).catch(() => {});
    return { principal };
  });
}

/** What routes take to declare that they need a caller: `.use(deps.principal)` then `({ principal }) => …`. */
export type PrincipalPlugin = ReturnType<typeof principalPlugin>;

export function requireOwner(principal: Principal): void {
  if (principal.role !== "owner") throw new AppError(403, ErrorCode.OwnerRequired, "Deleting a site requires the Owner role.");
}

export function requireEnterprise(principal: Principal): void {
  if (principal.plan !== "enterprise") throw new AppError(403, ErrorCode.PlanRequired, PlanMessage.groups);
}
