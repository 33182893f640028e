// API keys as the key service and the auth plugin need them: stored hashed, scoped, revocable.
import type { KeyAction, Role } from "../../shared/keys.ts";

export interface StoredKey {
  id: string;
  orgId: string;
  name: string;
  role: Role;
  environment: "live" | "test";
  prefix: string;
  hash: string;
  scopeSites: string[] | null;
  scopeActions: string[] | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

export interface NewKey {
  orgId: string;
  name: string;
  role: Role;
  environment: "live" | "test";
  prefix: string;
  hash: string;
  scopeSites?: string[] | null;
  scopeActions?: KeyAction[] | null;
  expiresAt?: Date | null;
}

export interface KeyStore {
  createKey(input: NewKey): Promise<StoredKey>;
  listKeys(orgId: string): Promise<StoredKey[]>;
  /** Revokes the organisation's key; null when it has no such active key. */
  revokeOrgKey(orgId: string, keyId: string): Promise<StoredKey | null>;
}
