// Organisations and their API keys.
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "./database.ts";
import { apiKeys, organisations } from "./schema.ts";
import { newId } from "../../new-id.ts";
import type { NewKey } from "../../ports/key-store.ts";
import type { AccountStore as AccountStorePort } from "../../ports/account-store.ts";

export type Organisation = typeof organisations.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type Plan = Organisation["plan"];

export class AccountStore implements AccountStorePort {
  constructor(private readonly db: Db) {}

  async createOrganisation(input: { name: string; plan: Plan }): Promise<Organisation> {
    const [row] = await this.db
      .insert(organisations)
      .values({ id: newId("org"), ...input })
      .returning();
    return row!;
  }

  async getOrganisation(id: string): Promise<Organisation | null> {
    const [row] = await this.db.select().from(organisations).where(eq(organisations.id, id));
    return row ?? null;
  }

  async listOrganisations(): Promise<Organisation[]> {
    return this.db.select().from(organisations).orderBy(organisations.createdAt);
  }

  async setPlan(id: string, plan: Plan): Promise<boolean> {
    const updated = await this.db.update(organisations).set({ plan }).where(eq(organisations.id, id)).returning({ id: organisations.id });
    return updated.length > 0;
  }

  async createKey(input: Omit<typeof apiKeys.$inferInsert, "id"> | NewKey): Promise<ApiKeyRow> {
    const [row] = await this.db
      .insert(apiKeys)
      .values({ id: newId("key"), ...input })
      .returning();
    return row!;
  }

  /** The active key with this hash, and its organisation; revoked keys are never returned. */
  async findActiveKey(hash: string): Promise<{ key: ApiKeyRow; org: Organisation } | null> {
    const [row] = await this.db
      .select({ key: apiKeys, org: organisations })
      .from(apiKeys)
      .innerJoin(organisations, eq(apiKeys.orgId, organisations.id))
      .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)));
    return row ?? null;
  }

  async touchKey(id: string, at: Date): Promise<void> {
    await this.db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
  }

  async listKeys(orgId: string): Promise<ApiKeyRow[]> {
    return this.db.select().from(apiKeys).where(eq(apiKeys.orgId, orgId)).orderBy(desc(apiKeys.createdAt));
  }

  async revokeKey(id: string): Promise<ApiKeyRow | null> {
    const [row] = await this.db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning();
    return row ?? null;
  }

  async revokeOrgKey(orgId: string, keyId: string): Promise<ApiKeyRow | null> {
    const [row] = await this.db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.orgId, orgId), isNull(apiKeys.revokedAt)))
      .returning();
    return row ?? null;
  }
}
