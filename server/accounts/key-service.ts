// The key API: list, create (the secret returned once) and revoke an organisation's keys, with scopes.
import type { CreateKeyBody, CreatedKey, KeyView } from "../../shared/keys.ts";
import { ErrorCode } from "../../shared/errors.ts";
import { DomainError, notFound } from "../errors/domain-error.ts";
import { generateApiKey } from "./api-key-format.ts";
import type { KeyStore, StoredKey } from "../ports/key-store.ts";
import { requireRole, roleAtMost, type Principal } from "./principal.ts";
import { unixSeconds } from "../../shared/unix-seconds.ts";

const seconds = (d: Date | null) => (d ? unixSeconds(d) : null);

export function keyView(k: StoredKey): KeyView {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    role: k.role,
    environment: k.environment,
    scope: { sites: k.scopeSites, actions: k.scopeActions as KeyView["scope"]["actions"] },
    createdAt: seconds(k.createdAt)!,
    lastUsedAt: seconds(k.lastUsedAt),
    expiresAt: seconds(k.expiresAt),
    revokedAt: seconds(k.revokedAt),
  };
}

/** A key the caller could have made: its role at most the caller's, its sites within the caller's. */
function withinReach(principal: Principal, key: StoredKey): boolean {
  if (!roleAtMost(key.role, principal.role)) return false;
  if (principal.sites === null) return true;
  const sites = principal.sites;
  return key.scopeSites?.every((s) => sites.includes(s)) ?? false;
}

export class KeyService {
  constructor(
    private readonly keys: KeyStore,
    private readonly siteExists: (orgId: string, siteId: string) => Promise<boolean>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(principal: Principal): Promise<KeyView[]> {
    requireRole(principal, "admin", "Managing API keys");
    // Keys above the caller (an owner's, or one reaching other sites) are neither shown nor revocable by it.
    return (await this.keys.listKeys(principal.orgId)).filter((k) => withinReach(principal, k)).map(keyView);
  }

  async create(principal: Principal, body: CreateKeyBody): Promise<CreatedKey> {
    requireRole(principal, "admin", "Managing API keys");
    const role = body.role ?? "member";
    // A key never holds more than its creator: role, sites and actions are all capped by the caller's own.
    if (!roleAtMost(role, principal.role)) throw new DomainError("ROLE_REQUIRED", `Only an owner can create an ${role} key.`);
    const sites = body.sites ?? principal.sites;
    if (principal.sites && sites?.some((s) => !principal.sites!.includes(s)))
      throw new DomainError("SCOPE_MISSING", "A key cannot reach sites its creator cannot.");
    const actions = body.actions ?? principal.actions;
    if (principal.actions && actions?.some((a) => !principal.actions!.includes(a)))
      throw new DomainError("SCOPE_MISSING", "A key cannot take actions its creator cannot.");
    for (const siteId of sites ?? []) {
      if (!(await this.siteExists(principal.orgId, siteId)))
        throw new DomainError(ErrorCode.ValidationFailed, `Invalid body: sites: no site ${siteId} in this organisation.`);
    }
    const expiresAt = this.expiryOf(principal, body.expiresAt);
    const environment = body.environment ?? "live";
    const { key, prefix, hash } = generateApiKey(environment);
    const row = await this.keys.createKey({
      orgId: principal.orgId,
      name: body.name.trim(),
      role,
      environment,
      prefix,
      hash,
      scopeSites: sites ? [...new Set(sites)] : null,
      scopeActions: actions,
      expiresAt,
    });
    return { key: keyView(row), secret: key };
  }

  /** A key made by an expiring key expires no later than its creator (by default, at the same moment). */
  private expiryOf(principal: Principal, requested: number | null | undefined): Date | null {
    const ceiling = principal.expiresAt ?? null;
    const expiresAt = requested == null ? ceiling : new Date(requested * 1000);
    if (expiresAt && expiresAt <= this.now()) throw new DomainError(ErrorCode.ValidationFailed, "Invalid body: expiresAt: must be in the future.");
    if (ceiling && expiresAt && expiresAt > ceiling) {
      throw new DomainError(ErrorCode.ValidationFailed, `Invalid body: expiresAt: must be no later than this key's own expiry (${unixSeconds(ceiling)}).`);
    }
    return expiresAt;
  }

  async revoke(principal: Principal, keyId: string): Promise<KeyView> {
    requireRole(principal, "admin", "Managing API keys");
    const target = (await this.keys.listKeys(principal.orgId)).find((k) => k.id === keyId);
    // Out of reach reads as absent, so a narrow key learns nothing about the keys above it.
    if (!target || !withinReach(principal, target)) throw notFound("Active API key");
    const row = await this.keys.revokeOrgKey(principal.orgId, keyId);
    if (!row) throw notFound("Active API key");
    return keyView(row);
  }
}
