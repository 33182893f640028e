// Postgres side of the UserStore port: users, memberships and one-time links.
import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "./database.ts";
import { memberships, oneTimeTokens, organisations, users } from "./schema.ts";
import { newId } from "../../new-id.ts";
import type { Membership, OneTimeToken, User, UserStore } from "../../ports/user-store.ts";
import type { Role } from "../../../shared/keys.ts";

const RANK: Record<Role, number> = { member: 0, admin: 1, owner: 2 };

export class PostgresUserStore implements UserStore {
  constructor(private readonly db: Db) {}

  async countUsers(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users);
    return Number(row?.n ?? 0);
  }

  async findByEmail(email: string): Promise<User | null> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    return row ?? null;
  }

  async getUser(id: string): Promise<User | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row ?? null;
  }

  async setPassword(userId: string, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  }

  async memberships(userId: string): Promise<Membership[]> {
    return this.db
      .select({ orgId: organisations.id, name: organisations.name, plan: organisations.plan, role: memberships.role })
      .from(memberships)
      .innerJoin(organisations, eq(memberships.orgId, organisations.id))
      .where(eq(memberships.userId, userId))
      .orderBy(memberships.createdAt);
  }

  async createMember(input: { email: string; passwordHash: string; orgId: string; role: Role }): Promise<User> {
    return this.db.transaction(async (tx) => {
      const email = input.email.toLowerCase();
      await tx
        .insert(users)
        .values({ id: newId("user"), email, passwordHash: input.passwordHash })
        .onConflictDoNothing();
      const [user] = await tx.select().from(users).where(eq(users.email, email));
      const [existing] = await tx
        .select()
        .from(memberships)
        .where(and(eq(memberships.userId, user!.id), eq(memberships.orgId, input.orgId)));
      if (!existing) await tx.insert(memberships).values({ userId: user!.id, orgId: input.orgId, role: input.role });
      else if (RANK[input.role] > RANK[existing.role]) {
        await tx
          .update(memberships)
          .set({ role: input.role })
          .where(and(eq(memberships.userId, user!.id), eq(memberships.orgId, input.orgId)));
      }
      return user!;
    });
  }

  async replaceTokens(kind: "setup", hash: string, expiresAt: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(oneTimeTokens).where(and(eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt)));
      await tx.insert(oneTimeTokens).values({ hash, kind, expiresAt });
    });
  }

  async createToken(input: { hash: string; kind: "invite"; orgId: string; role: Role; expiresAt: Date }): Promise<void> {
    await this.db.insert(oneTimeTokens).values(input);
  }

  async findToken(hash: string, kind: "setup" | "invite", now: Date): Promise<OneTimeToken | null> {
    const [row] = await this.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.hash, hash), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)));
    return row ? { kind: row.kind, orgId: row.orgId, role: row.role, expiresAt: row.expiresAt } : null;
  }

  async consumeToken(hash: string, kind: "setup" | "invite", now: Date, db: Db = this.db): Promise<OneTimeToken | null> {
    const [row] = await db
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(and(eq(oneTimeTokens.hash, hash), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)))
      .returning();
    return row ? { kind: row.kind, orgId: row.orgId, role: row.role, expiresAt: row.expiresAt } : null;
  }

  async completeSetup(input: { tokenHash: string; email: string; passwordHash: string; organisation: string; now: Date }) {
    return this.db.transaction(async (tx) => {
      const [existing] = await tx.select({ n: count() }).from(users);
      if (Number(existing?.n ?? 0) > 0) return null;
      if (!(await this.consumeToken(input.tokenHash, "setup", input.now, tx as unknown as Db))) return null;
      const [org] = await tx
        .insert(organisations)
        .values({ id: newId("org"), name: input.organisation, plan: "pro" })
        .returning();
      const [user] = await tx
        .insert(users)
        .values({ id: newId("user"), email: input.email.toLowerCase(), passwordHash: input.passwordHash })
        .returning();
      await tx.insert(memberships).values({ userId: user!.id, orgId: org!.id, role: "owner" });
      return { user: user!, orgId: org!.id };
    });
  }
}
