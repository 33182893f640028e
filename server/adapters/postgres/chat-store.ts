// Chat sessions, stored answers and the chunk text chat passages quote, in Postgres; any instance can continue a session.
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "./database.ts";
import { rows } from "./database.ts";
import { chatAnswers, chatSessions, type StoredChatTurn } from "./schema.ts";
import type { ChatStore as ChatStorePort, ChunkText } from "../../ports/chat-store.ts";

export type ChatAnswerInsert = Pick<typeof chatAnswers.$inferInsert, "id" | "siteId" | "sessionId" | "question" | "answered" | "mode">;

export type { ChunkText };

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
    const deleted = await this.db.delete(chatSessions).where(lt(chatSessions.expiresAt, at(now))).returning({ id: chatSessions.id });
    return deleted.length;
  }

  async saveAnswer(answer: ChatAnswerInsert): Promise<void> {
    await this.db.insert(chatAnswers).values(answer);
  }

  /**
   * Full text of the chunks search matched, by page URL and section anchor, plus each page's first chunk
   * as a fallback when a match carries no anchor. Bounded by `perPage` chunks per page.
   */
  async chunkTexts(input: { siteId: string; pages: Array<{ url: string; anchors: Array<string | null> }>; perPage: number }): Promise<ChunkText[]> {
    if (input.pages.length === 0) return [];
    const urls = input.pages.map((p) => p.url);
    const anchors = input.pages.flatMap((p) => p.anchors.filter((a): a is string => a !== null));
    const found = await rows<{ url: string; title: string; anchor: string | null; heading_path: string[]; position: number; text: string }>(
      this.db,
      sql`SELECT p.url, p.title, c.anchor, c.heading_path, c.position, c.text
          FROM chunks c JOIN pages p ON p.id = c.page_id
          WHERE p.site_id = ${input.siteId} AND p.url = ANY(${sql.param(urls)}::text[])
            AND (c.position = 0 OR c.anchor = ANY(${sql.param(anchors)}::text[]))
          ORDER BY p.url, c.position`,
    );
    const byUrl = new Map<string, ChunkText[]>();
    for (const r of found) {
      const list = byUrl.get(r.url) ?? [];
      list.push({ url: r.url, title: r.title, anchor: r.anchor, headingPath: r.heading_path ?? [], position: Number(r.position), text: r.text });
      byUrl.set(r.url, list);
    }
    return input.pages.flatMap((page) => {
      const chunks = byUrl.get(page.url) ?? [];
      // The matched sections in search order first, then the page's opening chunk if room is left.
      const matched = page.anchors.flatMap((a) => chunks.filter((c) => a !== null && c.anchor === a));
      const ordered = [...new Set([...matched, ...chunks.filter((c) => c.position === 0)])];
      return ordered.slice(0, input.perPage);
    });
  }
}
