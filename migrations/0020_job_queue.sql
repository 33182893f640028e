CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"org_id" text NOT NULL REFERENCES "organisations"("id") ON DELETE cascade,
	"ref" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dead_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("kind","run_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_leased_idx" ON "jobs" USING btree ("kind","lease_until") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "jobs_ref_idx" ON "jobs" USING btree ("kind","ref");--> statement-breakpoint
DROP INDEX IF EXISTS "webhook_deliveries_due_idx";--> statement-breakpoint
INSERT INTO "jobs" ("id", "kind", "org_id", "ref", "attempts", "max_attempts", "run_at")
SELECT 'jq_' || d.id, 'webhook', w.org_id, d.id, d.attempts, 12, d.next_attempt_at
FROM "webhook_deliveries" d JOIN "webhooks" w ON w.id = d.webhook_id
WHERE d.status = 'pending';
