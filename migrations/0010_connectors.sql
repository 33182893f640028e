ALTER TABLE "sites" ADD COLUMN "next_crawl_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "last_scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "stale_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "crawler_auth" text;--> statement-breakpoint
CREATE INDEX "sites_next_crawl_idx" ON "sites" USING btree ("next_crawl_at") WHERE next_crawl_at IS NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "etag" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "last_modified" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL REFERENCES "organisations"("id") ON DELETE cascade,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhooks_org_idx" ON "webhooks" USING btree ("org_id");--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL REFERENCES "webhooks"("id") ON DELETE cascade,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at");
