// Search groups of an organisation: named sets of its sites searched together.
import { and, count, eq } from "drizzle-orm";
import type { Db } from "./database.ts";
import { searchGroups } from "./schema.ts";
import { newId } from "../../new-id.ts";
import type { GroupStore as GroupStorePort } from "../../ports/group-store.ts";

export type GroupRow = typeof searchGroups.$inferSelect;

export class GroupStore implements GroupStorePort {
  constructor(private readonly db: Db) {}

  async create(input: { orgId: string; name: string; description: string; siteIds: string[] }): Promise<GroupRow> {
    const [row] = await this.db
      .insert(searchGroups)
      .values({ id: newId("grp"), ...input })
      .returning();
    return row!;
  }

  async list(orgId: string): Promise<GroupRow[]> {
    return this.db.select().from(searchGroups).where(eq(searchGroups.orgId, orgId)).orderBy(searchGroups.createdAt, searchGroups.id);
  }

  async count(orgId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(searchGroups).where(eq(searchGroups.orgId, orgId));
    return Number(row?.n ?? 0);
  }

  /** Another organisation's group is indistinguishable from none. */
  async get(orgId: string, groupId: string): Promise<GroupRow | null> {
    const [row] = await this.db
      .select()
      .from(searchGroups)
      .where(and(eq(searchGroups.id, groupId), eq(searchGroups.orgId, orgId)));
    return row ?? null;
  }

  /** For the public group search, which knows only the group id. */
  async getById(groupId: string): Promise<GroupRow | null> {
    const [row] = await this.db.select().from(searchGroups).where(eq(searchGroups.id, groupId));
    return row ?? null;
  }

  async update(orgId: string, groupId: string, patch: Partial<Pick<GroupRow, "name" | "description" | "siteIds">>): Promise<GroupRow | null> {
    const [row] = await this.db
      .update(searchGroups)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(searchGroups.id, groupId), eq(searchGroups.orgId, orgId)))
      .returning();
    return row ?? null;
  }

  async delete(orgId: string, groupId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(searchGroups)
      .where(and(eq(searchGroups.id, groupId), eq(searchGroups.orgId, orgId)))
      .returning({ id: searchGroups.id });
    return deleted.length > 0;
  }
}
