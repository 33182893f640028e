// Organisations and their API keys, as the auth plugin, the key service and the CLI use them.
import type { KeyStore, StoredKey } from "./key-store.ts";

export type Plan = "free" | "pro" | "enterprise";
export type { Role } from "../../shared/keys.ts";

export interface Organisation {
  id: string;
  name: string;
  plan: Plan;
  createdAt: Date;
}

export interface AccountStore extends KeyStore {
  createOrganisation(input: { name: string; plan: Plan }): Promise<Organisation>;
  getOrganisation(id: string): Promise<Organisation | null>;
  listOrganisations(): Promise<Organisation[]>;
  setPlan(id: string, plan: Plan): Promise<boolean>;
  /** The active key with this hash, and its organisation; revoked keys are never returned. */
  findActiveKey(hash: string): Promise<{ key: StoredKey; org: Organisation } | null>;
  touchKey(id: string, at: Date): Promise<void>;
  revokeKey(id: string): Promise<StoredKey | null>;
}
