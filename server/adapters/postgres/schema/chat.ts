// Tables for chat sessions, stored answers and the per-day chat token budget.
import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { ts } from "./columns.ts";
import { sites } from "./content.ts";

export interface StoredChatTurn {
  question: string;
  answer: string;
}

export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    turns: jsonb("turns").$type<StoredChatTurn[]>().notNull().default([]),
    createdAt: ts("created_at").notNull().defaultNow(),
    lastUsedAt: ts("last_used_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("chat_sessions_expiry_idx").on(t.expiresAt)],
);

export const chatAnswers = pgTable(
  "chat_answers",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    question: text("question").notNull(),
    answered: boolean("answered").notNull(),
    mode: text("mode", { enum: ["generative", "extractive"] }).notNull(),
    rating: text("rating", { enum: ["up", "down"] }),
    reason: text("reason"),
    /** FeedbackTag values picked with a thumbs-down. */
    reasonTags: text("reason_tags").array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts("created_at").notNull().defaultNow(),
    ratedAt: ts("rated_at"),
  },
  (t) => [index("chat_answers_site_idx").on(t.siteId, t.createdAt)],
);

/** A site's public chat spend per UTC day, checked before each chat (rateLimits.chatRequestsPerDay / chatTokensPerDay). */
export const chatBudgetDays = pgTable(
  "chat_budget_days",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    requests: integer("requests").notNull().default(0),
    tokens: bigint("tokens", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day] })],
);
