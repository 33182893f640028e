// The job queue: one row per piece of background work, whatever its kind, claimed with a lease by any process.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { organisations } from "./accounts.ts";
import { ts } from "./columns.ts";

/**
 * `queued` waits for `run_at`; `running` is held by `locked_by` until `lease_until` (a lapsed lease is claimable again);
 * a finished job is deleted; `dead` keeps a job whose attempts ran out, with its last error, for an operator to read.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    /** Whose work it is: organisations take turns. Null for the service's own recurring work. */
    orgId: text("org_id").references(() => organisations.id, { onDelete: "cascade" }),
    /** The row the job works on, in its kind's own table (a webhook delivery, a crawl job). */
    ref: text("ref"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: ["queued", "running", "dead"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    runAt: ts("run_at").notNull().defaultNow(),
    lockedBy: text("locked_by"),
    leaseUntil: ts("lease_until"),
    lastError: text("last_error"),
    createdAt: ts("created_at").notNull().defaultNow(),
    deadAt: ts("dead_at"),
  },
  (t) => [
    index("jobs_queued_idx").on(t.kind, t.runAt).where(sql`status = 'queued'`),
    index("jobs_leased_idx").on(t.kind, t.leaseUntil).where(sql`status = 'running'`),
    index("jobs_ref_idx").on(t.kind, t.ref),
    // A job about a row waits in the queue once (the embedding queue's one job per site).
    uniqueIndex("jobs_one_queued_per_ref_idx").on(t.kind, t.ref).where(sql`status = 'queued'`),
  ],
);
