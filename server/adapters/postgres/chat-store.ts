// Chat sessions and stored answers in Postgres; any instance can continue a session.
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "./database.ts";
import { chatAnswers, chatSessions, type StoredChatTurn } from "./schema.ts";
import type { ChatStore as ChatStorePort } from "../../ports/chat-store.ts";

export type ChatAnswerInsert = Pick<typeof chatAnswers.$inferInsert, "id" | "siteId" | "sessionId" | "question" | "answered" | "mode">;

/** Enough turns for any history budget of the prompt builder; older ones could never reach the model anyway. */
const maxStoredTurns = 20;

const at = (seconds: number) => new Date(seconds * 1000);

export class ChatStore implements ChatStorePort {
  constructor(private readonly db: Db) {}

  /** The turns of a live session of this site; another site's or an expired session is `null`, like an unknown one. */
  async sessionTurns(siteId: string, sessionId: string, now: number): Promise<StoredChatTurn[] | null> {
    const [row] = await this.db
      .select({ turns: chatSessions.turns })
      .from(chatSessions)
      .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.siteId, siteId), gt(chatSessions.expiresAt, at(now))));
    return row ? row.turns : null;
  }

  /**
   * Appends a turn and renews the expiry, creating the session on its first turn. The append happens in
   * SQL so two instances answering the same session at once both keep their turn.
   */
  async appendTurn(input: { siteId: string; sessionId: string; turn: StoredChatTurn; now: number; ttlSeconds: number }): Promise<void> {
    const now = at(input.now);
    const expiresAt = at(input.now + input.ttlSeconds);
    await this.db
      .insert(chatSessions)
      .values({ id: input.sessionId, siteId: input.siteId, turns: [input.turn], createdAt: now, lastUsedAt: now, expiresAt })
      .onConflictDoUpdate({
        target: chatSessions.id,
        set: {
          turns: sql`jsonb_path_query_array(${chatSessions.turns} || excluded.turns, ${`$[last-${maxStoredTurns - 1} to last]`}::jsonpath)`,
          lastUsedAt: now,
          expiresAt,
        },
        // A colliding id of another site is never taken over.
        setWhere: sql`${chatSessions.siteId} = excluded.site_id`,
      });
  }

  /** Deletes sessions past their expiry; returns how many went. */
  async pruneExpiredSessions(now: number): Promise<number> {
    const deleted = await this.db
      .delete(chatSessions)
      .where(lt(chatSessions.expiresAt, at(now)))
      .returning({ id: chatSessions.id });
    return deleted.length;
  }

  async saveAnswer(answer: ChatAnswerInsert): Promise<void> {
    await this.db.insert(chatAnswers).values(answer);
  }
}
