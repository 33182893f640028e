// Who is calling /api: an API key or a dashboard session, with its organisation, role and scope,
// and the one check every route goes through (scope-check.ts decides which action a route needs).
import type { KeyAction, Role } from "../../shared/keys.ts";
import { DomainError } from "../errors/domain-error.ts";

export type Plan = "free" | "pro" | "enterprise";

export interface Principal {
  orgId: string;
  plan: Plan;
  role: Role;
  /** Set for API keys; null for sessions. */
  keyId: string | null;
  /** Set for sessions; null for API keys. */
  userId: string | null;
  /** Null: every site. */
  sites: string[] | null;
  /** Null: every action. */
  actions: KeyAction[] | null;
  /** When the calling key expires; null or absent for keys that do not, and for sessions. */
  expiresAt?: Date | null;
}

export function requireAction(principal: Principal, action: KeyAction): void {
  if (principal.actions !== null && !principal.actions.includes(action)) {
    throw new DomainError("SCOPE_MISSING", `This API key lacks the "${action}" scope; it may do: ${principal.actions.join(", ")}.`);
  }
}

export function requireSite(principal: Principal, siteId: string): void {
  if (principal.sites !== null && !principal.sites.includes(siteId)) {
    throw new DomainError("SCOPE_MISSING", `This API key is limited to other sites; it lacks the scope of site ${siteId}.`);
  }
}

/** For routes that read across all the organisation's sites (the overview, monthly usage, groups). */
export function requireAllSites(principal: Principal, what: string): void {
  if (principal.sites !== null)
    throw new DomainError("SCOPE_MISSING", `${what} needs a key scoped to every site; this one is limited to ${principal.sites.join(", ")}.`);
}

const RANK: Record<Role, number> = { member: 0, admin: 1, owner: 2 };

export function requireRole(principal: Principal, least: Role, what: string): void {
  if (RANK[principal.role] < RANK[least])
    throw new DomainError("ROLE_REQUIRED", `${what} requires the ${least} role or higher; this ${principal.keyId ? "key" : "user"} is ${principal.role}.`);
}

export const roleAtMost = (role: Role, ceiling: Role): boolean => RANK[role] <= RANK[ceiling];
