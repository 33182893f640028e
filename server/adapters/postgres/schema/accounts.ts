// Tables for organisations, their API keys, dashboard users, memberships, sessions and one-time tokens.
import { index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts } from "./columns.ts";

export const organisations = pgTable("organisations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  plan: text("plan", { enum: ["free", "pro", "enterprise"] }).notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    role: text("role", { enum: ["owner", "admin", "member"] }).notNull(),
    environment: text("environment", { enum: ["live", "test"] }).notNull(),
    /** First characters of the key, shown in listings to recognise it. */
    prefix: text("prefix").notNull(),
    /** SHA-256 of the whole key, hex; the key itself is never stored. */
    hash: text("hash").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
    /** Scoped keys: the sites it may touch (null = all) and the actions it may take (null = all). */
    scopeSites: text("scope_sites").array(),
    scopeActions: text("scope_actions").array(),
    /** Refused from this moment on; null never expires. */
    expiresAt: ts("expires_at"),
  },
  (t) => [uniqueIndex("api_keys_hash_idx").on(t.hash), index("api_keys_org_idx").on(t.orgId)],
);

/** Dashboard users; the email is stored lower-cased so it is unique whatever the spelling. */
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  /** argon2id in PHC string form (hash-wasm). */
  passwordHash: text("password_hash").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const memberships = pgTable(
  "memberships",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "admin", "member"] }).notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.orgId] }), index("memberships_org_idx").on(t.orgId)],
);

/** A dashboard session: the id is the SHA-256 of the cookie's token, so a database read does not yield a cookie. */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId)],
);

/** One-time links: the first-run setup link and invitations; stored as the SHA-256 of the token. */
export const oneTimeTokens = pgTable("one_time_tokens", {
  hash: text("hash").primaryKey(),
  kind: text("kind", { enum: ["setup", "invite"] }).notNull(),
  orgId: text("org_id").references(() => organisations.id, { onDelete: "cascade" }),
  role: text("role", { enum: ["owner", "admin", "member"] }),
  createdAt: ts("created_at").notNull().defaultNow(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
});
