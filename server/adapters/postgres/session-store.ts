// Postgres side of the SessionStore port.
import { and, eq, gt, ne } from "drizzle-orm";
import type { Db } from "./database.ts";
import { userSessions } from "./schema.ts";
import type { SessionRecord, SessionStore } from "../../ports/session-store.ts";

export class PostgresSessionStore implements SessionStore {
  constructor(private readonly db: Db) {}

  async create(session: SessionRecord): Promise<void> {
    await this.db.insert(userSessions).values(session);
  }

  async find(id: string, now: Date): Promise<SessionRecord | null> {
    const [row] = await this.db
      .select({ id: userSessions.id, userId: userSessions.userId, orgId: userSessions.orgId, expiresAt: userSessions.expiresAt })
      .from(userSessions)
      .where(and(eq(userSessions.id, id), gt(userSessions.expiresAt, now)));
    return row ?? null;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(userSessions).where(eq(userSessions.id, id));
  }

  async deleteForUser(userId: string, exceptId?: string): Promise<void> {
    await this.db.delete(userSessions).where(exceptId ? and(eq(userSessions.userId, userId), ne(userSessions.id, exceptId)) : eq(userSessions.userId, userId));
  }

  async setOrganisation(id: string, orgId: string): Promise<void> {
    await this.db.update(userSessions).set({ orgId }).where(eq(userSessions.id, id));
  }
}
